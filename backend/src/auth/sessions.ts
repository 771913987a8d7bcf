import { type Kysely, sql } from 'kysely';
import { hashToken, newSessionToken } from './secrets.ts';
import type { SessionCache } from './session-cache.ts';

export async function openSession(db: Kysely<unknown>, userId: number, ttlHours: number): Promise<string> {
  const token = newSessionToken();
  await sql`INSERT INTO sessions (token_hash, user_id, expires_at)
    VALUES (${hashToken(token)}, ${userId}, now() + make_interval(hours => ${ttlHours}))`.execute(db);
  return token;
}

type Deps = { db: Kysely<unknown>; sessions: SessionCache };

export async function revokeSession(deps: Deps, token: string) {
  const hash = hashToken(token);
  await sql`UPDATE sessions SET revoked_at = now() WHERE token_hash = ${hash} AND revoked_at IS NULL`.execute(
    deps.db,
  );
  deps.sessions.dropSession(hash);
}

/**
 * Ends every session of a user but `keep` (the session that changed the password stays signed in).
 * Other API processes drop theirs from the users view's change notice that follows the user's event.
 */
export async function revokeAllSessions(deps: Deps, userId: number, keep: string | null = null) {
  await sql`UPDATE sessions SET revoked_at = now()
    WHERE user_id = ${userId} AND revoked_at IS NULL AND token_hash IS DISTINCT FROM ${keep}`.execute(
    deps.db,
  );
  deps.sessions.dropUser(userId);
}
