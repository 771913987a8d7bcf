import { createHmac, randomBytes } from 'node:crypto';
import type { TRole } from '@app/contracts/api/users';
import { type Kysely, sql } from 'kysely';
import { hashToken } from '../auth/secrets.ts';

/**
 * Private calendar subscription addresses (issue 13.5): one per account, `<PUBLIC_URL>/api/calendar/feed/<token>.ics`,
 * the token being the only credential a calendar app sends.
 *
 * Where it is kept, and why not in the event log: the token is a credential, like a session's. An event can
 * never be taken back, and the log is copied into views, backups and exports; a revoked address must be truly
 * forgotten. So the address lives in this ordinary table (as sessions and websocket tickets do), and the event
 * log only records that one was made or revoked (CalendarFeedIssued / CalendarFeedRevoked, with no token or
 * hash: the audit trail).
 *
 * What is kept: the token's SHA-256 (what a request is looked up by) and a random nonce, never the token.
 * The same address must be answered on every later ask, so the token is not random but derived: an HMAC of
 * the account and the nonce under a server key kept in its own table (`calendar_feed_keys`). The feeds table
 * alone (a dump of it, a log of its rows) yields no working address; revoking deletes the row, and the next
 * ask draws a new nonce, so the old address can never come back. Someone holding the whole database holds the
 * key too, but then also holds the calendar itself, which is all an address can read.
 */
export const calendarFeedsTableSql = `
CREATE TABLE calendar_feeds (
  user_id integer PRIMARY KEY,
  nonce text NOT NULL,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE calendar_feed_keys (
  id smallint PRIMARY KEY CHECK (id = 1),
  secret bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);`;

type Db = Kysely<unknown>;

/** Longer than any token we make (43 characters): refused before hashing. */
const MAX_TOKEN_CHARS = 100;
const TOKEN_RE = /^[A-Za-z0-9_-]+$/;

let cachedKey: { db: Db; key: Promise<Buffer> } | null = null;

/** The server key, made once by whichever process asks first (kept per database, cached per process). */
function feedKey(db: Db): Promise<Buffer> {
  if (cachedKey?.db === db) return cachedKey.key;
  const key = (async () => {
    await sql`INSERT INTO calendar_feed_keys (id, secret) VALUES (1, ${randomBytes(32)})
      ON CONFLICT (id) DO NOTHING`.execute(db);
    const { rows } = await sql<{
      secret: Buffer;
    }>`SELECT secret FROM calendar_feed_keys WHERE id = 1`.execute(db);
    return rows[0]!.secret;
  })();
  key.catch(() => {
    if (cachedKey?.key === key) cachedKey = null;
  });
  cachedKey = { db, key };
  return key;
}

const tokenFor = (key: Buffer, userId: number, nonce: string) =>
  createHmac('sha256', key).update(`calendar-feed:${userId}:${nonce}`).digest('base64url');

/**
 * The account's feed token: the existing one, or a new one (`issued` true) when it had none. Two first asks
 * at once get the same token (the first insert wins, the other reads it).
 */
export async function feedTokenFor(db: Db, userId: number): Promise<{ token: string; issued: boolean }> {
  const key = await feedKey(db);
  const nonce = randomBytes(16).toString('base64url');
  const fresh = tokenFor(key, userId, nonce);
  const { rows: inserted } = await sql<{ user_id: number }>`
    INSERT INTO calendar_feeds (user_id, nonce, token_hash) VALUES (${userId}, ${nonce}, ${hashToken(fresh)})
    ON CONFLICT (user_id) DO NOTHING RETURNING user_id`.execute(db);
  if (inserted.length > 0) return { token: fresh, issued: true };
  const { rows } = await sql<{
    nonce: string;
  }>`SELECT nonce FROM calendar_feeds WHERE user_id = ${userId}`.execute(db);
  const existing = rows[0];
  // Revoked between the insert and this read: ask again (makes a new one).
  if (!existing) return feedTokenFor(db, userId);
  return { token: tokenFor(key, userId, existing.nonce), issued: false };
}

/** Forgets the account's feed; answers whether it had one. */
export async function revokeFeed(db: Db, userId: number): Promise<boolean> {
  const { rows } = await sql<{ user_id: number }>`
    DELETE FROM calendar_feeds WHERE user_id = ${userId} RETURNING user_id`.execute(db);
  return rows.length > 0;
}

/** Undoes an issue whose audit event could not be stored (so no address exists without its record). */
export async function dropIssuedFeed(db: Db, userId: number, token: string) {
  await sql`DELETE FROM calendar_feeds WHERE user_id = ${userId} AND token_hash = ${hashToken(token)}`.execute(
    db,
  );
}

export interface FeedOwner {
  userId: number;
  /** The account's role now (not when the address was made): staff see everyone's events, others their own. */
  role: TRole;
}

/**
 * Whose feed a token opens, judged now: null when the token is malformed, unknown, revoked, or its account no
 * longer exists. (A deleted account's row is left alone rather than removed here: a users view being rebuilt
 * could look empty for a moment, and ids are never reused, so the row can open nothing.)
 */
export async function feedOwner(db: Db, token: string): Promise<FeedOwner | null> {
  if (token.length === 0 || token.length > MAX_TOKEN_CHARS || !TOKEN_RE.test(token)) return null;
  const { rows } = await sql<{ user_id: number; role: TRole | null }>`
    SELECT f.user_id, u.role FROM calendar_feeds f LEFT JOIN rm.users u ON u.id = f.user_id
    WHERE f.token_hash = ${hashToken(token)}`.execute(db);
  const row = rows[0];
  if (!row || row.role === null) return null;
  return { userId: row.user_id, role: row.role };
}
