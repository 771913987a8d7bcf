import { conversationParts } from '@app/contracts/api/messages';
import { eventTypesOf } from '@app/contracts/events/domain';
import { messageEventSchemas, type TMessageEvent } from '@app/contracts/events/messages';
import { sql } from 'kysely';
import type { Projection } from '../runtime/types.ts';

/** Which side of its conversation an account is on (see tables.ts): 0 the client or member a, 1 staff or b. */
export function sideOf(conversationId: string, userId: number, role: string): 0 | 1 {
  const parts = conversationParts(conversationId);
  if (parts?.kind === 'team') return parts.userIds[0] === userId ? 0 : 1;
  return role === 'admin' ? 1 : 0;
}

/**
 * Messages and conversations (spec part 2, sections 2.4b, 2.4c, 7). `messages` keeps each message with the side
 * that wrote it; `conversations` its last message, count and each side's furthest read mark (a message's `read`
 * flag: the other side's mark reaches it); `conversation_readers` what each account sent and read, so the
 * caller's unread count is `message_count - sent_count - read_others` with no counting at read time.
 *
 * Every step is safe to apply twice: messages are inserted once (the counters move only for rows actually
 * inserted), marks only move forward, and `read_others` is counted afresh. The change notice names the message
 * ids and conversation ids of the batch (`keys`), so the websocket hub can look up exactly those.
 */
export const messagesProjection: Projection = {
  name: 'messages',
  // 1: the portal's empty table. 2: filled by the messaging events, with conversations and readers.
  version: 2,
  syncType: 'message',
  tables: ['messages', 'conversations', 'conversation_readers'],
  keyed: true,
  eventTypes: eventTypesOf(messageEventSchemas),
  ddl: (s) => `
    CREATE TABLE ${s}.messages (
      id integer PRIMARY KEY,
      conversation_id text NOT NULL,
      client_id integer,
      user_id integer,
      sender_id integer NOT NULL,
      sender_side smallint NOT NULL,
      content text NOT NULL,
      is_admin_message boolean NOT NULL,
      message_type text NOT NULL,
      created_at timestamptz NOT NULL
    );
    CREATE INDEX ON ${s}.messages (conversation_id, id DESC);
    CREATE INDEX ON ${s}.messages (client_id, id DESC) WHERE client_id IS NOT NULL;
    CREATE TABLE ${s}.conversations (
      id text PRIMARY KEY,
      kind text NOT NULL,
      client_id integer,
      user_a integer,
      user_b integer,
      last_message_id integer NOT NULL,
      last_content text NOT NULL,
      last_sender_id integer NOT NULL,
      last_at timestamptz NOT NULL,
      message_count integer NOT NULL,
      side0_read_upto integer NOT NULL DEFAULT 0,
      side1_read_upto integer NOT NULL DEFAULT 0
    );
    CREATE INDEX ON ${s}.conversations (last_message_id DESC);
    CREATE INDEX ON ${s}.conversations (client_id) WHERE client_id IS NOT NULL;
    CREATE INDEX ON ${s}.conversations (user_a) WHERE user_a IS NOT NULL;
    CREATE INDEX ON ${s}.conversations (user_b) WHERE user_b IS NOT NULL;
    CREATE TABLE ${s}.conversation_readers (
      conversation_id text NOT NULL,
      user_id integer NOT NULL,
      sent_count integer NOT NULL DEFAULT 0,
      read_upto integer NOT NULL DEFAULT 0,
      read_others integer NOT NULL DEFAULT 0,
      PRIMARY KEY (conversation_id, user_id)
    );
    CREATE INDEX ON ${s}.conversation_readers (user_id);`,
  async apply(events, { tx, schema, keys }) {
    const messagesTable = sql.table(`${schema}.messages`);
    const conversations = sql.table(`${schema}.conversations`);
    const readers = sql.table(`${schema}.conversation_readers`);

    const sent: Record<string, unknown>[] = [];
    const marks = new Map<string, { conversation_id: string; user_id: number; upto: number; side: 0 | 1 }>();
    for (const stored of events) {
      const event = stored as unknown as TMessageEvent;
      keys.add(event.data.conversationId);
      if (event.type === 'MessageSent') {
        const d = event.data;
        keys.add(String(d.messageId));
        sent.push({
          id: d.messageId,
          conversation_id: d.conversationId,
          client_id: d.clientId,
          user_id: d.userId,
          sender_id: d.senderId,
          sender_side: sideOf(d.conversationId, d.senderId, d.senderRole),
          content: d.content,
          is_admin_message: d.isAdminMessage,
          message_type: d.messageType,
          created_at: d.sentAt,
        });
      } else if (event.type === 'ConversationRead') {
        const d = event.data;
        const key = `${d.conversationId}/${d.readerId}`;
        const upto = Math.max(marks.get(key)?.upto ?? 0, d.upToMessageId);
        const side = sideOf(d.conversationId, d.readerId, d.readerRole);
        marks.set(key, { conversation_id: d.conversationId, user_id: d.readerId, upto, side });
      }
    }

    let changed = marks.size;
    if (sent.length > 0) {
      // Only the rows inserted now move the counters: a message applied twice counts once.
      const { rows: inserted } = await sql<{ id: number }>`
        INSERT INTO ${messagesTable}
        SELECT * FROM jsonb_populate_recordset(NULL::${messagesTable}, ${JSON.stringify(sent)}::jsonb)
        ON CONFLICT (id) DO NOTHING RETURNING id`.execute(tx);
      changed += inserted.length;
      if (inserted.length > 0) {
        const ids = inserted.map((r) => r.id);
        await sql`
          WITH n AS (
            SELECT m.conversation_id, count(*)::int AS added, max(m.id) AS last_id
            FROM ${messagesTable} m WHERE m.id = ANY(${ids}::int[]) GROUP BY m.conversation_id
          ), latest AS (
            SELECT n.*, m.content, m.sender_id, m.created_at, m.client_id
            FROM n JOIN ${messagesTable} m ON m.id = n.last_id
          )
          INSERT INTO ${conversations} AS c
            (id, kind, client_id, user_a, user_b, last_message_id, last_content, last_sender_id, last_at, message_count)
          SELECT l.conversation_id,
            CASE WHEN l.conversation_id LIKE 'team-%' THEN 'team' ELSE 'client' END,
            l.client_id,
            CASE WHEN l.conversation_id LIKE 'team-%' THEN split_part(l.conversation_id, '-', 2)::int END,
            CASE WHEN l.conversation_id LIKE 'team-%' THEN split_part(l.conversation_id, '-', 3)::int END,
            l.last_id, l.content, l.sender_id, l.created_at, l.added
          FROM latest l
          ON CONFLICT (id) DO UPDATE SET
            message_count = c.message_count + excluded.message_count,
            last_message_id = greatest(c.last_message_id, excluded.last_message_id),
            last_content = CASE WHEN excluded.last_message_id > c.last_message_id
              THEN excluded.last_content ELSE c.last_content END,
            last_sender_id = CASE WHEN excluded.last_message_id > c.last_message_id
              THEN excluded.last_sender_id ELSE c.last_sender_id END,
            last_at = CASE WHEN excluded.last_message_id > c.last_message_id
              THEN excluded.last_at ELSE c.last_at END`.execute(tx);
        await sql`
          INSERT INTO ${readers} AS r (conversation_id, user_id, sent_count)
          SELECT m.conversation_id, m.sender_id, count(*)::int
          FROM ${messagesTable} m WHERE m.id = ANY(${ids}::int[]) GROUP BY m.conversation_id, m.sender_id
          ON CONFLICT (conversation_id, user_id) DO UPDATE SET sent_count = r.sent_count + excluded.sent_count`.execute(
          tx,
        );
        // A message stored after a read mark already past its id (concurrent senders): counted as read.
        await sql`
          UPDATE ${readers} r SET read_others = (
            SELECT count(*) FROM ${messagesTable} m
            WHERE m.conversation_id = r.conversation_id AND m.id <= r.read_upto AND m.sender_id <> r.user_id)
          FROM (SELECT conversation_id, min(id) AS first_id FROM ${messagesTable}
                WHERE id = ANY(${ids}::int[]) GROUP BY conversation_id) n
          WHERE r.conversation_id = n.conversation_id AND r.read_upto >= n.first_id`.execute(tx);
      }
    }

    if (marks.size > 0) {
      const list = [...marks.values()];
      await sql`
        INSERT INTO ${readers} AS r (conversation_id, user_id, read_upto)
        SELECT x.conversation_id, x.user_id, x.upto
        FROM jsonb_to_recordset(${JSON.stringify(list)}::jsonb) AS x(conversation_id text, user_id int, upto int)
        ON CONFLICT (conversation_id, user_id) DO UPDATE SET read_upto = greatest(r.read_upto, excluded.read_upto)`.execute(
        tx,
      );
      await sql`
        UPDATE ${readers} r SET read_others = (
          SELECT count(*) FROM ${messagesTable} m
          WHERE m.conversation_id = r.conversation_id AND m.id <= r.read_upto AND m.sender_id <> r.user_id)
        FROM jsonb_to_recordset(${JSON.stringify(list)}::jsonb) AS x(conversation_id text, user_id int)
        WHERE r.conversation_id = x.conversation_id AND r.user_id = x.user_id`.execute(tx);
      await sql`
        UPDATE ${conversations} c SET
          side0_read_upto = greatest(c.side0_read_upto, x.side0),
          side1_read_upto = greatest(c.side1_read_upto, x.side1)
        FROM (
          SELECT conversation_id,
            max(CASE WHEN side = 0 THEN upto ELSE 0 END) AS side0,
            max(CASE WHEN side = 1 THEN upto ELSE 0 END) AS side1
          FROM jsonb_to_recordset(${JSON.stringify(list)}::jsonb) AS x(conversation_id text, upto int, side int)
          GROUP BY conversation_id
        ) x
        WHERE c.id = x.conversation_id`.execute(tx);
    }
    return changed;
  },
};
