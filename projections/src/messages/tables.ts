/**
 * Messaging's read models. A conversation has two sides: in a client conversation side 0 is the client's account,
 * side 1 the staff (any admin); in a team conversation `team-<a>-<b>` side 0 is `a`, side 1 is `b`.
 */
export interface MessagesTable {
  id: number;
  conversation_id: string;
  /** The client of a client conversation (null in a team conversation). */
  client_id: number | null;
  /** The team member a staff message was written to (null in a client conversation). */
  user_id: number | null;
  sender_id: number;
  /** 0 or 1: whose side wrote it. It is read once the other side's mark (`conversations.side*_read_upto`) reaches it. */
  sender_side: number;
  content: string;
  is_admin_message: boolean;
  message_type: string;
  created_at: Date | string;
}

export interface ConversationsTable {
  id: string;
  kind: string;
  client_id: number | null;
  /** A team conversation's members (smaller id first); null in a client conversation. */
  user_a: number | null;
  user_b: number | null;
  last_message_id: number;
  last_content: string;
  last_sender_id: number;
  last_at: Date | string;
  message_count: number;
  /** The furthest read mark of anyone on side 0 / side 1: the `read` flag of the other side's messages. */
  side0_read_upto: number;
  side1_read_upto: number;
}

/** One account's place in a conversation: what it sent and read, so its unread count is arithmetic. */
export interface ConversationReadersTable {
  conversation_id: string;
  user_id: number;
  /** Messages this account sent in the conversation. */
  sent_count: number;
  /** Its read mark: it has seen every message with an id up to this. */
  read_upto: number;
  /** Messages by others with ids up to `read_upto`. Unread = message_count - sent_count - read_others. */
  read_others: number;
}
