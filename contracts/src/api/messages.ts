import { z } from 'zod';
import { ZListQuery, ZPage } from './paging.ts';
import { ZId, ZIdParam, ZText } from './primitives.ts';

/**
 * Messaging (spec part 2, sections 2.4b, 2.4c, 3 "Message", 7): conversations between a client and the
 * staff ("Chat with Support", and internal messaging to a client), and between two team members.
 *
 * A conversation's id names who is in it:
 * - `client-<clientId>`: the client's account and every admin;
 * - `team-<a>-<b>`: two staff accounts, the smaller user id first.
 */
export const MESSAGE_MAX_CHARS = 5_000;
export const MESSAGE_EMPTY = 'Message cannot be empty';
export const MESSAGE_TOO_LONG = `Message is too long (at most ${MESSAGE_MAX_CHARS.toLocaleString('en-US')} characters).`;
export const NO_CLIENT_PROFILE = 'No client profile found. Please contact support.';
export const CONVERSATION_NOT_FOUND = 'Conversation not found';

export const ZConversationId = z
  .string({ error: 'conversationId is required' })
  .regex(/^(client-\d{1,10}|team-\d{1,10}-\d{1,10})$/, 'conversationId must name a conversation');
export type TConversationId = z.infer<typeof ZConversationId>;

export const clientConversationId = (clientId: number): TConversationId => `client-${clientId}`;
export const teamConversationId = (a: number, b: number): TConversationId =>
  `team-${Math.min(a, b)}-${Math.max(a, b)}`;

/** Who a conversation is between, from its id; undefined for an id of neither shape. */
export function conversationParts(
  id: string,
): { kind: 'client'; clientId: number } | { kind: 'team'; userIds: [number, number] } | undefined {
  const client = /^client-(\d{1,10})$/.exec(id);
  if (client) return { kind: 'client', clientId: Number(client[1]) };
  const team = /^team-(\d{1,10})-(\d{1,10})$/.exec(id);
  if (team) return { kind: 'team', userIds: [Number(team[1]), Number(team[2])] };
  return undefined;
}

export const ZMessageContent = ZText(MESSAGE_MAX_CHARS + 1_000, { error: MESSAGE_EMPTY })
  .min(1, MESSAGE_EMPTY)
  .max(MESSAGE_MAX_CHARS, MESSAGE_TOO_LONG);

export const MESSAGE_TYPES = ['chat', 'internal'] as const;

/** POST /api/messages `{content, clientId}`: "Chat with Support". A client writes in their own conversation
 * (`clientId` may be left out; another's answers 404); staff name the client. */
export const ZSendMessageBody = z.object({
  content: ZMessageContent,
  clientId: ZId('clientId must be a client id').nullish(),
});
export type TSendMessageBody = z.input<typeof ZSendMessageBody>;

/** POST /api/messages/internal `{content, isAdminMessage true, messageType internal, clientId or userId}` (staff). */
export const ZSendInternalMessageBody = z
  .object({
    content: ZMessageContent,
    isAdminMessage: z.literal(true).default(true),
    messageType: z.literal('internal').default('internal'),
    clientId: ZId('clientId must be a client id').nullish(),
    userId: ZId('userId must be a user id').nullish(),
  })
  .refine((b) => (b.clientId == null) !== (b.userId == null), {
    message: 'Please choose one recipient: a client (clientId) or a team member (userId).',
    path: ['clientId'],
  });
export type TSendInternalMessageBody = z.input<typeof ZSendInternalMessageBody>;

/** POST /api/messages/read `{conversationId, messageId}`: the reader has seen the conversation up to there. */
export const ZMarkReadBody = z.object({
  conversationId: ZConversationId,
  messageId: ZId('messageId must be a message id'),
});

/** The most messages one read answers. */
export const MESSAGES_LIMIT_MAX = 500;
const LIMIT_RANGE = `limit must be a whole number from 1 to ${MESSAGES_LIMIT_MAX}`;

/**
 * `?before=&limit=`: the `limit` newest messages older than message `before` (none: the newest), newest last.
 * The answer stays an array: one shorter than asked has reached the conversation's start (the screens ask
 * for one more than they show, to know whether there are older ones).
 */
const messagesPage = (defaultLimit: number) => ({
  before: ZId('before must be a message id').optional(),
  limit: z.coerce
    .number({ error: LIMIT_RANGE })
    .int(LIMIT_RANGE)
    .min(1, LIMIT_RANGE)
    .max(MESSAGES_LIMIT_MAX, LIMIT_RANGE)
    .default(defaultLimit),
});

/** GET /api/messages `?conversationId=&before=&limit=`: newest last; `before` pages back. */
export const ZMessagesQuery = z.object({
  conversationId: ZConversationId.optional(),
  ...messagesPage(200),
});

/** GET /api/messages/client[/:clientId] `?before=&limit=`: one client's conversation; asked with neither, its last 500. */
export const ZClientMessagesQuery = z.object(messagesPage(MESSAGES_LIMIT_MAX));

export const ZMessageClientParams = z.object({ clientId: ZIdParam });

export const ZMessageSender = z.object({ firstName: z.string(), lastName: z.string(), email: z.string() });

export const ZMessage = z.object({
  id: z.number().int(),
  conversationId: ZConversationId,
  content: z.string(),
  /** The client of a client conversation (null in a team conversation). */
  clientId: z.number().int().nullable(),
  /** The team member a staff message was written to (null in a client conversation). */
  userId: z.number().int().nullable(),
  senderId: z.number().int(),
  isAdminMessage: z.boolean(),
  messageType: z.enum(MESSAGE_TYPES),
  /** Read by the other side: the client for staff messages, any staff member for the client's, the other member in a team. */
  read: z.boolean(),
  createdAt: z.string(),
  sender: ZMessageSender,
});
export type TMessage = z.infer<typeof ZMessage>;

/** GET /api/messages/conversations: the caller's conversations, latest activity first. */
export const ZConversation = z.object({
  id: ZConversationId,
  kind: z.enum(['client', 'team']),
  clientId: z.number().int().nullable(),
  /** For a team conversation: the other member. */
  userId: z.number().int().nullable(),
  /** The client's name, or the other member's. */
  title: z.string(),
  lastMessage: z
    .object({ id: z.number().int(), content: z.string(), senderId: z.number().int(), createdAt: z.string() })
    .nullable(),
  messageCount: z.number().int(),
  /** Messages from others after the caller's own read mark. */
  unreadCount: z.number().int(),
});
export type TConversation = z.infer<typeof ZConversation>;

/**
 * GET /api/messages/conversations `?limit=&cursor=&q=` (issue 23, ./paging.ts): with none, the whole array as
 * above; with any, a page of the same conversations, latest activity first; every word of `q` in the client's
 * name, e-mail, phone or address, or the other member's name or e-mail.
 */
export const ZConversationsQuery = ZListQuery({});
export type TConversationsQuery = z.infer<typeof ZConversationsQuery>;
export const ZConversationsPage = ZPage(ZConversation);
export type TConversationsPage = z.infer<typeof ZConversationsPage>;

/** GET /api/clients/for-messaging: the clients staff can write to (with or without a portal account). */
export const ZMessagingClient = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  /** The client's portal account, if any: a client without one reads nothing, but staff can still note. */
  userId: z.number().int().nullable(),
});
export type TMessagingClient = z.infer<typeof ZMessagingClient>;
