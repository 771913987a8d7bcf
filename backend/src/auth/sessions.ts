import { type Kysely, sql } from 'kysely';
import { hashToken, newSessionToken } from './secrets.ts';

export async function openSession(db: Kysely<unknown>, userId: number, ttlHours: number): Promise<string> {
  const token = newSessionToken();
  await sql`INSERT INTO sessions (token_hash, user_id, expires_at)
    VALUES (${hashToken(token)}, ${userId}, now() + make_interval(hours => ${ttlHours}))`.execute(db);
  return token;
}

export async function revokeSession(db: Kysely<unknown>, token: string) {
  await sql`UPDATE sessions SET revoked_at = now() WHERE token_hash = ${hashToken(token)} AND revoked_at IS NULL`.execute(
    db,
  );
}

export async function revokeAllSessions(db: Kysely<unknown>, userId: number) {
  await sql`UPDATE sessions SET revoked_at = now() WHERE user_id = ${userId} AND revoked_at IS NULL`.execute(
    db,
  );
}
