import { type Kysely, sql } from 'kysely';
import { hashToken, newSessionToken } from './secrets.ts';

/** How long a websocket ticket may wait to be used. */
export const WS_TICKET_SECONDS = 30;

/**
 * A websocket ticket stands in for the session token in the socket's address (browsers cannot set headers
 * on a websocket, and addresses end up in logs and histories): random, used once, valid for 30 seconds,
 * bound to the session that asked for it. Kept in Postgres so any API process can redeem it.
 */
export async function issueWsTicket(db: Kysely<unknown>, sessionHash: string): Promise<string> {
  const ticket = newSessionToken();
  await sql`DELETE FROM ws_tickets WHERE expires_at < now() - interval '1 minute'`.execute(db);
  await sql`INSERT INTO ws_tickets (ticket_hash, session_hash, expires_at)
    VALUES (${hashToken(ticket)}, ${sessionHash}, now() + make_interval(secs => ${WS_TICKET_SECONDS}))`.execute(
    db,
  );
  return ticket;
}

/** The session a ticket was issued for, or null when it is unknown, used or expired; it can never be used again. */
export async function redeemWsTicket(db: Kysely<unknown>, ticket: string): Promise<string | null> {
  const { rows } = await sql<{ session_hash: string; live: boolean }>`
    DELETE FROM ws_tickets WHERE ticket_hash = ${hashToken(ticket)}
    RETURNING session_hash, expires_at > now() AS live`.execute(db);
  const row = rows[0];
  return row?.live ? row.session_hash : null;
}
