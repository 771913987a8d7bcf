import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Config } from '../platform/config.ts';

/**
 * Refresh tokens are stored encrypted with AES-256-GCM (a fresh 12-byte IV per token; stored as
 * IV | tag | ciphertext), never in events. The key is CALENDAR_TOKEN_KEY (32 bytes, base64 or hex) when set,
 * else one made by the first process that needs it and kept in `calendar_token_keys` (as file_url_keys is).
 */
type Db = Kysely<unknown>;
type KeyConfig = Pick<Config, 'CALENDAR_TOKEN_KEY'>;

const keys = new WeakMap<object, Promise<Buffer>>();

function configuredKey(value: string): Buffer {
  const bytes = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  // Any other length is turned into 32 bytes rather than refused (a passphrase works too).
  return bytes.length === 32 ? bytes : createHash('sha256').update(value).digest();
}

export function tokenKey(db: Db, config: KeyConfig): Promise<Buffer> {
  if (config.CALENDAR_TOKEN_KEY) return Promise.resolve(configuredKey(config.CALENDAR_TOKEN_KEY));
  let key = keys.get(db);
  if (!key) {
    key = (async () => {
      await sql`INSERT INTO public.calendar_token_keys (id, secret) VALUES (1, ${randomBytes(32)})
        ON CONFLICT (id) DO NOTHING`.execute(db);
      const { rows } = await sql<{ secret: Buffer }>`
        SELECT secret FROM public.calendar_token_keys WHERE id = 1`.execute(db);
      return rows[0]!.secret;
    })();
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

export function encryptToken(key: Buffer, token: string): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

export function decryptToken(key: Buffer, stored: Buffer): string {
  const decipher = createDecipheriv('aes-256-gcm', key, stored.subarray(0, 12));
  decipher.setAuthTag(stored.subarray(12, 28));
  return Buffer.concat([decipher.update(stored.subarray(28)), decipher.final()]).toString('utf8');
}

export interface ConnectionRow {
  user_id: number;
  email: string;
  refresh_token: Buffer;
  calendar_id: string | null;
  sync_token: string | null;
  last_pull_at: Date | null;
  last_sync_at: Date | null;
  last_error: string | null;
}

export async function saveConnection(
  deps: { db: Db; config: KeyConfig },
  userId: number,
  email: string,
  refreshToken: string,
) {
  const sealed = encryptToken(await tokenKey(deps.db, deps.config), refreshToken);
  await sql`INSERT INTO calendar_connections (user_id, provider, email, refresh_token)
    VALUES (${userId}, 'google', ${email}, ${sealed})
    ON CONFLICT (user_id) DO UPDATE SET email = excluded.email, refresh_token = excluded.refresh_token,
      connected_at = now(), calendar_id = NULL, sync_token = NULL, last_pull_at = NULL, last_error = NULL`.execute(
    deps.db,
  );
}

export async function connectionOf(db: Db, userId: number): Promise<ConnectionRow | null> {
  const { rows } =
    await sql<ConnectionRow>`SELECT * FROM calendar_connections WHERE user_id = ${userId}`.execute(db);
  return rows[0] ?? null;
}

export async function allConnections(db: Db): Promise<ConnectionRow[]> {
  const { rows } = await sql<ConnectionRow>`SELECT * FROM calendar_connections ORDER BY user_id`.execute(db);
  return rows;
}

export async function refreshTokenOf(deps: { db: Db; config: KeyConfig }, row: ConnectionRow) {
  return decryptToken(await tokenKey(deps.db, deps.config), row.refresh_token);
}

export async function deleteConnection(db: Db, userId: number) {
  await sql`DELETE FROM calendar_connections WHERE user_id = ${userId}`.execute(db);
}

/** The outcome of the last call to Google for this connection (shown by GET /api/calendar/status). */
export async function recordSync(db: Db, userId: number, error: string | null) {
  await sql`UPDATE calendar_connections SET last_sync_at = CASE WHEN ${error}::text IS NULL THEN now() ELSE last_sync_at END,
    last_error = ${error} WHERE user_id = ${userId}`.execute(db);
}

export async function recordPull(db: Db, userId: number, calendarId: string, syncToken: string | null) {
  await sql`UPDATE calendar_connections SET calendar_id = ${calendarId}, sync_token = ${syncToken},
    last_pull_at = now(), last_sync_at = now(), last_error = NULL WHERE user_id = ${userId}`.execute(db);
}

export async function forgetSyncToken(db: Db, userId: number) {
  await sql`UPDATE calendar_connections SET sync_token = NULL WHERE user_id = ${userId}`.execute(db);
}

// --- OAuth states: one use, ten minutes, bound to the admin and the session that started the connect. ---

const STATE_MINUTES = 10;
const hash = (value: string) => createHash('sha256').update(value).digest('hex');

export async function issueState(db: Db, userId: number, sessionHash: string): Promise<string> {
  const state = randomBytes(32).toString('base64url');
  await sql`DELETE FROM calendar_oauth_states WHERE expires_at < now()`.execute(db);
  await sql`INSERT INTO calendar_oauth_states (state_hash, user_id, session_hash, expires_at)
    VALUES (${hash(state)}, ${userId}, ${sessionHash}, now() + make_interval(mins => ${STATE_MINUTES}))`.execute(
    db,
  );
  return state;
}

/** The admin a state was issued to (used up either way), or null when unknown, used or expired. */
export async function redeemState(
  db: Db,
  state: string,
): Promise<{ userId: number; sessionHash: string } | null> {
  const { rows } = await sql<{ user_id: number; session_hash: string; live: boolean }>`
    DELETE FROM calendar_oauth_states WHERE state_hash = ${hash(state)}
    RETURNING user_id, session_hash, expires_at > now() AS live`.execute(db);
  const row = rows[0];
  return row?.live ? { userId: row.user_id, sessionHash: row.session_hash } : null;
}
