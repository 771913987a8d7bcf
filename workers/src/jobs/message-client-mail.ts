import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import type { OutgoingMail } from '../mail/mailer.ts';
import { defineJob } from './define.ts';

/** At most one mail per conversation in this long (a burst of answers sends one mail, not one each). */
export const MESSAGE_MAIL_EVERY_MINUTES = 15;
/** How much of the message the mail quotes. */
export const MESSAGE_MAIL_EXCERPT_CHARS = 200;

/**
 * Which conversation was last mailed about, by which job and when: the throttle is a Postgres row, claimed
 * before the mail is sent, so two jobs at once cannot both mail (Redis could lose the mark and mail twice).
 */
export const messageMailsTableSql = `
CREATE TABLE message_mails (
  conversation_id text PRIMARY KEY,
  job_id text NOT NULL,
  mailed_at timestamptz NOT NULL
);`;

export interface MessageMailDeps {
  db: Kysely<unknown>;
  publicUrl: string;
  /** Whether the user has a socket open on any API process now (the API's presence in Redis). */
  isConnected(userId: number): Promise<boolean>;
}

export interface MessageNews {
  senderName: string;
  content: string;
  clientName: string;
  to: string;
}

/** "Hello...": the first part of a message, cut at a word where it can be. */
export function excerptOf(content: string, max = MESSAGE_MAIL_EXCERPT_CHARS) {
  const text = content.replace(/\s+/g, ' ').trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The mail telling a client that staff wrote to them: who, the first part of it, and where to answer. */
export function messageMailFor(news: MessageNews, publicUrl: string): OutgoingMail {
  const portal = new URL('/client', publicUrl).toString();
  return {
    to: news.to,
    subject: `New message from ${news.senderName}`,
    text: [
      `Hello ${news.clientName},`,
      '',
      `${news.senderName} sent you a message:`,
      '',
      `  ${excerptOf(news.content)}`,
      '',
      `Read it and answer in your client portal: ${portal}`,
      '',
      `(We send at most one of these mails per ${MESSAGE_MAIL_EVERY_MINUTES} minutes while you are away.)`,
    ].join('\n'),
  };
}

/**
 * Takes the conversation's mail slot for this job: free when nothing was mailed about it in the last 15
 * minutes, or when this same job took it (a retry). False when another job mailed about it recently.
 */
async function claimSlot(db: Kysely<unknown>, conversationId: string, jobId: string) {
  const { rows } = await sql<{ job_id: string }>`
    INSERT INTO message_mails AS m (conversation_id, job_id, mailed_at) VALUES (${conversationId}, ${jobId}, now())
    ON CONFLICT (conversation_id) DO UPDATE SET job_id = excluded.job_id, mailed_at = excluded.mailed_at
      WHERE m.job_id = excluded.job_id
         OR m.mailed_at < now() - make_interval(mins => ${MESSAGE_MAIL_EVERY_MINUTES})
    RETURNING job_id`.execute(db);
  return rows.length > 0;
}

/**
 * Mails a client about a new staff message in their conversation when they are not connected (no socket open
 * anywhere), at most one mail per conversation per 15 minutes. Started by staff messages in client
 * conversations; a client without a portal account, or a message already read, send nothing.
 */
export const messageClientMail = defineJob({
  id: 'message.client.mail',
  version: 1,
  queue: 'mail',
  payload: z.object({ messageId: z.number().int(), conversationId: z.string() }),
  startedBy: 'MessageSent',
  // Only staff messages in a client's conversation can concern an away client.
  startsWhen: (data) => data.clientId !== null && data.isAdminMessage,
  payloadFor: (data) => ({ messageId: data.messageId, conversationId: data.conversationId }),
  // The client's account, names and read marks come from these views.
  waitsFor: ['users', 'clients', 'messages'],
  async handle(payload, ctx, deps: MessageMailDeps) {
    if (!payload.conversationId.startsWith('client-')) return { sent: false, reason: 'team conversation' };
    // The view holds the message once the job runs (waitsFor): a long conversation's stream is not read.
    const { rows: found } = await sql<{
      conversation_id: string;
      client_id: number | null;
      sender_id: number;
      content: string;
      is_admin_message: boolean;
    }>`SELECT conversation_id, client_id, sender_id, content, is_admin_message FROM rm.messages
       WHERE id = ${payload.messageId}`.execute(deps.db);
    const row = found[0];
    if (!row) throw new Error(`Message ${payload.messageId} is not in the messages view`);
    const message = {
      conversationId: row.conversation_id,
      clientId: row.client_id,
      senderId: row.sender_id,
      content: row.content,
      messageId: payload.messageId,
    };
    if (message.clientId === null) return { sent: false, reason: 'team conversation' };
    if (!row.is_admin_message) return { sent: false, reason: 'written by the client' };
    const { rows: clients } = await sql<{ name: string; user_id: number | null; email: string | null }>`
      SELECT c.name, c.user_id, u.email FROM rm.clients c LEFT JOIN rm.users u ON u.id = c.user_id
      WHERE c.id = ${message.clientId}`.execute(deps.db);
    const client = clients[0];
    if (!client?.user_id || !client.email) return { sent: false, reason: 'the client has no portal account' };
    const { rows: read } = await sql<{ read_upto: number }>`
      SELECT read_upto FROM rm.conversation_readers
      WHERE conversation_id = ${message.conversationId} AND user_id = ${client.user_id}`.execute(deps.db);
    if ((read[0]?.read_upto ?? 0) >= message.messageId) return { sent: false, reason: 'already read' };
    if (await deps.isConnected(client.user_id)) return { sent: false, reason: 'the client is connected' };
    if (!(await claimSlot(deps.db, message.conversationId, ctx.jobId)))
      return {
        sent: false,
        reason: `mailed about this conversation in the last ${MESSAGE_MAIL_EVERY_MINUTES} minutes`,
      };
    const { rows: senders } = await sql<{ first_name: string; last_name: string }>`
      SELECT first_name, last_name FROM rm.users WHERE id = ${message.senderId}`.execute(deps.db);
    const sender = senders[0];
    const senderName = sender ? `${sender.first_name} ${sender.last_name}`.trim() : '';
    const mail = messageMailFor(
      {
        senderName: senderName || 'Our team',
        content: message.content,
        clientName: client.name,
        to: client.email,
      },
      deps.publicUrl,
    );
    const { messageId } = await ctx.sendMail(mail);
    return { sent: true, messageId };
  },
});
