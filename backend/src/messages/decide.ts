import {
  CONVERSATION_NOT_FOUND,
  conversationParts,
  MESSAGE_EMPTY,
  MESSAGE_MAX_CHARS,
  MESSAGE_TOO_LONG,
  type MESSAGE_TYPES,
} from '@app/contracts/api/messages';
import type { TMessageEvent } from '@app/contracts/events/messages';
import { invalid, notFound } from '../platform/errors.ts';
import { isStaff, mayUseConversation, type Person } from './access.ts';

export const conversationStream = (conversationId: string) => `conversation-${conversationId}`;

export const MESSAGE_NOT_FOUND = 'Message not found';

/** A conversation as its stream has it: which messages it holds (in order) and each reader's read mark. */
export interface ConversationState {
  messageIds: ReadonlySet<number>;
  lastMessageId: number | null;
  /** readerId → the last message id that reader has seen. */
  readMarks: Readonly<Record<number, number>>;
}

export const conversationDecider = {
  initial: { messageIds: new Set<number>(), lastMessageId: null, readMarks: {} } as ConversationState,
  evolve(state: ConversationState, event: TMessageEvent): ConversationState {
    switch (event.type) {
      case 'MessageSent': {
        const messageIds = new Set(state.messageIds).add(event.data.messageId);
        return { ...state, messageIds, lastMessageId: event.data.messageId };
      }
      case 'ConversationRead': {
        const { readerId, upToMessageId } = event.data;
        const mark = Math.max(state.readMarks[readerId] ?? 0, upToMessageId);
        return { ...state, readMarks: { ...state.readMarks, [readerId]: mark } };
      }
      default: {
        const unhandled: never = event;
        return unhandled;
      }
    }
  },
};

/** Content as it is kept: trimmed; empty or over 5,000 characters is refused with the spec's messages. */
export function messageContent(content: string): string {
  const text = content.trim();
  if (text.length === 0) throw invalid(MESSAGE_EMPTY, 'message_empty');
  if (text.length > MESSAGE_MAX_CHARS) throw invalid(MESSAGE_TOO_LONG, 'message_too_long');
  return text;
}

/** Who a conversation's messages are about, from its id: the client, or (for a sender) the other member. */
export function conversationRecipients(conversationId: string, senderId: number) {
  const parts = conversationParts(conversationId);
  if (!parts) throw notFound(CONVERSATION_NOT_FOUND);
  if (parts.kind === 'client') return { clientId: parts.clientId, userId: null };
  const [a, b] = parts.userIds;
  if (a === b) throw invalid('You cannot send a message to yourself.', 'message_to_self');
  return { clientId: null, userId: a === senderId ? b : a };
}

export interface SendCommand {
  messageId: number;
  conversationId: string;
  sender: Person;
  content: string;
  messageType: (typeof MESSAGE_TYPES)[number];
  at: string;
}

/**
 * A message into a conversation the sender belongs to (anyone else's answers 404, like a missing one). The
 * sender is always the acting account; a message already in the stream (a retried request) changes nothing.
 */
export function sendMessage(state: ConversationState, command: SendCommand): TMessageEvent[] {
  const { messageId, conversationId, sender, messageType, at } = command;
  if (!mayUseConversation(sender, conversationId)) throw notFound(CONVERSATION_NOT_FOUND);
  const content = messageContent(command.content);
  const { clientId, userId } = conversationRecipients(conversationId, sender.userId);
  if (state.messageIds.has(messageId)) return [];
  return [
    {
      type: 'MessageSent',
      data: {
        messageId,
        conversationId,
        clientId,
        userId,
        senderId: sender.userId,
        senderRole: sender.role,
        content,
        messageType,
        isAdminMessage: isStaff(sender),
        sentAt: at,
      },
    },
  ];
}

/**
 * The reader has seen the conversation up to `messageId` (one of its messages). Only its members may mark it;
 * a mark that would not move forward records nothing.
 */
export function markRead(
  state: ConversationState,
  command: { conversationId: string; reader: Person; messageId: number; at: string },
): TMessageEvent[] {
  const { conversationId, reader, messageId, at } = command;
  if (!mayUseConversation(reader, conversationId)) throw notFound(CONVERSATION_NOT_FOUND);
  if (!state.messageIds.has(messageId)) throw notFound(MESSAGE_NOT_FOUND);
  if ((state.readMarks[reader.userId] ?? 0) >= messageId) return [];
  return [
    {
      type: 'ConversationRead',
      data: {
        conversationId,
        readerId: reader.userId,
        readerRole: reader.role,
        upToMessageId: messageId,
        readAt: at,
      },
    },
  ];
}
