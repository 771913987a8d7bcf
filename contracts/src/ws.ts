import { z } from 'zod';

/** syncType names of spec part 2, section 7; anything else makes the admin UI refresh every list. */
export const ZSyncType = z.enum([
  'project',
  'client',
  'payment',
  'document',
  'estimate',
  'appointment',
  'user',
  'consultation',
  'settings',
  'message',
]);
export type TSyncType = z.infer<typeof ZSyncType>;

export const ZAdminDataUpdate = z.object({ type: z.literal('ADMIN_DATA_UPDATE'), syncType: ZSyncType });
export type TAdminDataUpdate = z.infer<typeof ZAdminDataUpdate>;

/**
 * The websocket protocol on `/ws` (spec part 2, section 7). The server checks every frame: a client only
 * ever receives their own conversation's events; typing and read frames are accepted only for conversations
 * the sender belongs to, and the server puts the sender's own id in what it relays.
 */
const conversationId = z.string().max(40);

/** Server → browser. */
export const ZNewMessage = z.object({
  type: z.literal('NEW_MESSAGE'),
  data: z.record(z.string(), z.unknown()),
});
export const ZTypingEvent = z.object({
  type: z.enum(['TYPING_START', 'TYPING_STOP']),
  userId: z.number().int(),
  conversationId,
});
export const ZMessageReadEvent = z.object({
  type: z.literal('MESSAGE_READ'),
  conversationId,
  messageId: z.number().int(),
  readBy: z.number().int(),
});
export const ZAdminChatMessage = z.object({ type: z.literal('ADMIN_CHAT_MESSAGE'), data: z.unknown() });
export type TTypingEvent = z.infer<typeof ZTypingEvent>;
export type TMessageReadEvent = z.infer<typeof ZMessageReadEvent>;

/** Browser → server. `userId`/`readBy` are checked against the socket's own user and replaced by it. */
export const ZClientFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('TYPING_START'), userId: z.number().int().optional(), conversationId }),
  z.object({ type: z.literal('TYPING_STOP'), userId: z.number().int().optional(), conversationId }),
  z.object({
    type: z.literal('MESSAGE_READ'),
    conversationId,
    messageId: z.number().int().min(1).max(2_147_483_647),
    readBy: z.number().int().optional(),
  }),
  z.object({
    type: z.literal('ADMIN_DATA_SYNC'),
    syncType: z.string().max(40),
    data: z.unknown().optional(),
  }),
  z.object({ type: z.literal('ADMIN_CHAT'), data: z.unknown().optional() }),
]);
export type TClientFrame = z.infer<typeof ZClientFrame>;

/** The server's answer to a frame it refuses (unknown, malformed, or not the sender's business). */
export const ZSocketError = z.object({ type: z.literal('ERROR'), message: z.string() });

/** More frames than this in one second from one socket: it is closed (4429), never the server. */
export const SOCKET_FRAMES_PER_SECOND = 20;
export const SOCKET_FLOODED = 4429;
