import { z } from 'zod';
import { ZConversationId } from '../api/messages.ts';
import { defineEvent } from './define.ts';
import { eId, eInstant, eText } from './values.ts';

/**
 * Messaging events, one stream per conversation (`conversation-<conversationId>`, the conversation ids of
 * contracts/src/api/messages.ts: `client-<clientId>` or `team-<a>-<b>`). The stream keeps the order of its
 * messages and each reader's read mark; the read models count from them.
 */
const conversation = { conversationId: ZConversationId };

export const ZMessageSent = defineEvent(
  'MessageSent',
  z.object({
    messageId: eId,
    ...conversation,
    /** The client of a client conversation (null in a team conversation). */
    clientId: eId.nullable(),
    /** The team member a staff message was written to (null in a client conversation). */
    userId: eId.nullable(),
    /** Always the account that sent it (the session's user), never taken from input. */
    senderId: eId,
    senderRole: eText,
    content: eText,
    messageType: z.enum(['chat', 'internal']),
    isAdminMessage: z.boolean(),
    sentAt: eInstant,
  }),
);

/** The reader has seen the conversation up to `upToMessageId` (a mark that only moves forward). */
export const ZConversationRead = defineEvent(
  'ConversationRead',
  z.object({
    ...conversation,
    readerId: eId,
    readerRole: eText,
    upToMessageId: eId,
    readAt: eInstant,
  }),
);

export const messageEventSchemas = [ZMessageSent, ZConversationRead] as const;

export type TMessageEvent = z.infer<(typeof messageEventSchemas)[number]>;
