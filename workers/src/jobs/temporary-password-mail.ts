import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import { defineJob } from './define.ts';

export interface TemporaryPasswordMailDeps {
  db: Kysely<unknown>;
  publicUrl: string;
  /** The job's result goes back into the log as a command, never as a direct table write. */
  recordMailed(userId: number, to: string, messageId: string, causationId: string): Promise<void>;
}

/** Mails a temporary password that a command put aside, then forgets it. Sent at most once per issue. */
export const temporaryPasswordMail = defineJob({
  id: 'user.temp-password.mail',
  version: 1,
  queue: 'mail',
  payload: z.object({ userId: z.number().int(), eventId: z.string().uuid() }),
  startedBy: 'TemporaryPasswordIssued',
  payloadFor: (data, event) => ({ userId: data.userId, eventId: event.id }),
  async handle(payload, ctx, deps: TemporaryPasswordMailDeps) {
    const { rows } = await sql<{ secret: string; email: string }>`
      SELECT s.secret, c.email FROM outgoing_secrets s
      JOIN credentials c ON c.user_id = s.user_id WHERE s.event_id = ${payload.eventId}`.execute(deps.db);
    const held = rows[0];
    if (!held) return { sent: false, reason: 'already sent or no longer valid' };
    const signIn = new URL('/login', deps.publicUrl).toString();
    const { messageId } = await ctx.sendMail({
      to: held.email,
      subject: 'Your sign-in details',
      text: [
        'Hello,',
        '',
        'An account has been set up for you. Sign in with:',
        `  Email: ${held.email}`,
        `  Temporary password: ${held.secret}`,
        '',
        `Sign in at ${signIn}. You will be asked to choose a new password.`,
      ].join('\n'),
    });
    // The record forgets the secret in its own transaction: a retry after a failed record still finds the
    // secret and the mail already sent (not sent again), and records it then. The delete here covers a record
    // that decided nothing (the account was deleted while the mail went out).
    await deps.recordMailed(payload.userId, held.email, messageId, payload.eventId);
    await sql`DELETE FROM outgoing_secrets WHERE event_id = ${payload.eventId}`.execute(deps.db);
    return { sent: true, messageId };
  },
});
