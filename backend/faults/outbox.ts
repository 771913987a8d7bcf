import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

export interface SentMail {
  file: string;
  to: string;
  subject: string;
  /** When it was written (the file's time, in ms). */
  at: number;
}

/** The header fields of a message (folded lines unfolded), by lower-case name. */
export function headersOf(message: string) {
  const head = message.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const fields = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) fields.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return fields;
}

/** Every message in the outbox folder, and the half-written ones (`.partial`) left there. */
export async function readOutbox(dir: string) {
  const names = await readdir(dir).catch(() => [] as string[]);
  const mails: SentMail[] = [];
  for (const file of names.filter((n) => n.endsWith('.eml'))) {
    const head = headersOf(await readFile(join(dir, file), 'utf8'));
    const at = (await stat(join(dir, file))).mtimeMs;
    mails.push({ file, to: head.get('to') ?? '', subject: head.get('subject') ?? '', at });
  }
  return { mails, partial: names.filter((n) => n.endsWith('.partial')).length };
}
export type Outbox = Awaited<ReturnType<typeof readOutbox>>;
