import type { TConversation, TMessage } from '@app/contracts/api/messages';

/**
 * The conversation list kept live between fetches (spec part 2, section 4 "Messaging"): a message from
 * someone else raises its conversation's unread count unless that conversation is open; opening resets it.
 */
const latestFirst = (a: TConversation, b: TConversation) =>
  (b.lastMessage?.createdAt ?? '').localeCompare(a.lastMessage?.createdAt ?? '') ||
  (b.lastMessage?.id ?? 0) - (a.lastMessage?.id ?? 0);

/**
 * The list after `message` arrived; undefined when its conversation is not in the list yet (a new one:
 * the caller reads the list again). A message already counted changes nothing.
 */
export function withIncoming(
  list: readonly TConversation[],
  message: TMessage,
  me: number,
  openId: string | null,
): TConversation[] | undefined {
  const found = list.find((conversation) => conversation.id === message.conversationId);
  if (!found) return undefined;
  if (found.lastMessage && found.lastMessage.id >= message.id) return [...list];
  const fromOthers = message.senderId !== me && message.conversationId !== openId;
  const updated: TConversation = {
    ...found,
    lastMessage: {
      id: message.id,
      content: message.content,
      senderId: message.senderId,
      createdAt: message.createdAt,
    },
    messageCount: found.messageCount + 1,
    unreadCount: fromOthers ? found.unreadCount + 1 : found.unreadCount,
  };
  return list.map((conversation) => (conversation === found ? updated : conversation)).sort(latestFirst);
}

/** The list once `id` was opened: nothing unread left in it. */
export const withOpened = (list: readonly TConversation[], id: string): TConversation[] =>
  list.map((conversation) =>
    conversation.id === id && conversation.unreadCount > 0
      ? { ...conversation, unreadCount: 0 }
      : conversation,
  );

export const totalUnread = (list: readonly TConversation[]) =>
  list.reduce((sum, conversation) => sum + conversation.unreadCount, 0);

/** The preview under a conversation's title: its last message on one line, shortened. */
export function preview(conversation: TConversation, max = 60): string {
  const text = conversation.lastMessage?.content.replace(/\s+/g, ' ').trim() ?? '';
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : text;
}
