import { randomBytes } from 'node:crypto';
import { access, mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** Files sent with the text (nodemailer's attachments: a calendar invitation's .ics, say). */
  attachments?: {
    filename: string;
    content: string;
    contentType: string;
    /** How `content` is written: base64 for binary files (an invoice's PDF); plain text otherwise. */
    encoding?: 'base64';
  }[];
}

export interface Mailer {
  /** Sending twice with one key delivers once (the outbox): an interrupted attempt may simply send again. */
  readonly idempotent: boolean;
  /** `key` (the job id) names the message: its Message-ID, and in the outbox its file. */
  send(mail: OutgoingMail, key: string): Promise<{ messageId: string }>;
}

/** A Message-ID from the key, at the sender's domain, so a resent message is recognisably the same one. */
export function messageIdFor(key: string, from: string) {
  const domain = /@([^>\s]+)/.exec(from)?.[1] ?? 'localhost';
  return `<${key.replace(/[^a-zA-Z0-9.-]/g, '')}@${domain}>`;
}

const fileFor = (outboxDir: string, key: string) =>
  join(outboxDir, `${key.replace(/[^a-zA-Z0-9.-]/g, '')}.eml`);

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

/** SMTP when SMTP_URL is set; otherwise each message is written as an .eml file to the outbox folder. */
export function createMailer(options: { smtpUrl?: string; outboxDir: string; from: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      idempotent: false,
      async send(mail, key) {
        const messageId = messageIdFor(key, options.from);
        await transport.sendMail({ from: options.from, ...mail, messageId });
        return { messageId };
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    idempotent: true,
    async send(mail, key) {
      const messageId = messageIdFor(key, options.from);
      const file = fileFor(options.outboxDir, key);
      if (await exists(file)) return { messageId };
      const info = await transport.sendMail({ from: options.from, ...mail, messageId });
      await mkdir(options.outboxDir, { recursive: true });
      // Written aside, then renamed: a crash mid-write never leaves a half message that counts as sent.
      const partial = `${file}.${randomBytes(4).toString('hex')}.partial`;
      await writeFile(partial, info.message as Buffer);
      await rename(partial, file);
      return { messageId };
    },
  };
}
