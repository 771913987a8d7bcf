import { type Kysely, sql } from 'kysely';
import type { RecordWrite } from '../eventstore/port.ts';
import { hashToken, newSessionToken } from './secrets.ts';

/**
 * Sessions are opaque tokens stored hashed. Opening and ending them are `RecordWrite`s, written with the
 * event that records the sign-in, sign-out, password change, reset, role change or deletion (so a change
 * that was refused leaves every session as it was). The process that wrote one drops what its session cache
 * remembers of the user once the events are stored; other API processes, from the users view's notice.
 */
export function openSession(
  db: Kysely<unknown>,
  userId: number,
  ttlHours: number,
  /** The password hash the sign-in was checked against: the session opens only while it is still the user's. */
  checkedHash: string,
) {
  const token = newSessionToken();
  // A password change or reset stored between the check and this insert ends every session it can see, so
  // this one must not open after it. The credentials row is read under a share lock (a change holding it is
  // waited for, then its new hash is read) and must still hold the hash that was checked: otherwise user_id is
  // null, the insert fails on NOT NULL and its whole change (the sign-in's event) is refused (`sessionRefused`).
  const record = sql`INSERT INTO sessions (token_hash, user_id, expires_at)
    VALUES (${hashToken(token)},
      (SELECT user_id FROM credentials WHERE user_id = ${userId} AND password_hash = ${checkedHash} FOR SHARE),
      now() + make_interval(hours => ${ttlHours}))`.compile(db);
  return { token, record };
}

/** The sign-in's session was refused because the password it was checked against was replaced meanwhile. */
export const sessionRefused = (err: unknown) =>
  (err as { code?: string; table?: string; column?: string })?.code === '23502' &&
  (err as { table?: string }).table === 'sessions';

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
