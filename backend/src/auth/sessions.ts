import { type Kysely, sql } from 'kysely';
import type { RecordWrite } from '../eventstore/port.ts';
import { hashToken, newSessionToken } from './secrets.ts';

/**
 * Sessions are opaque tokens stored hashed. Opening and ending them are `RecordWrite`s, written with the
 * event that records the sign-in, sign-out, password change, reset, role change or deletion (so a change
 * that was refused leaves every session as it was). The process that wrote one drops what its session cache
 * remembers of the user once the events are stored; other API processes, from the users view's notice.
 */
export function openSession(db: Kysely<unknown>, userId: number, ttlHours: number) {
  const token = newSessionToken();
  const record = sql`INSERT INTO sessions (token_hash, user_id, expires_at)
    VALUES (${hashToken(token)}, ${userId}, now() + make_interval(hours => ${ttlHours}))`.compile(db);
  return { token, record };
}

export const revokeSession = (db: Kysely<unknown>, tokenHash: string): RecordWrite =>
  sql`UPDATE sessions SET revoked_at = now() WHERE token_hash = ${tokenHash} AND revoked_at IS NULL`.compile(
    db,
  );

/** Ends every session of a user but `keep` (the session that changed the password stays signed in). */
export const revokeAllSessions = (
  db: Kysely<unknown>,
  userId: number,
  keep: string | null = null,
): RecordWrite =>
  sql`UPDATE sessions SET revoked_at = now()
    WHERE user_id = ${userId} AND revoked_at IS NULL AND token_hash IS DISTINCT FROM ${keep}`.compile(db);
