import { type TMessage, ZMessage } from '@app/contracts/api/messages';

/**
 * A conversation's thread as the screen keeps it: messages fetched over HTTP and those that arrived on the
 * socket merged into one list, oldest first, each message once. Read marks only ever go from false to
 * true: a fetch that started before a MESSAGE_READ frame cannot turn a Read bubble back into Delivered.
 */
const order = (a: TMessage, b: TMessage) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id;

export function mergeMessages(current: readonly TMessage[] | undefined, incoming: readonly TMessage[]) {
  const byId = new Map<number, TMessage>();
  for (const message of current ?? []) byId.set(message.id, message);
  for (const message of incoming) {
    const known = byId.get(message.id);
    byId.set(message.id, known ? { ...message, read: known.read || message.read } : message);
  }
  return [...byId.values()].sort(order);
}

/** A NEW_MESSAGE frame's data as a message, or null when it is not one (an older server, a stray frame). */
export function messageFromFrame(data: unknown): TMessage | null {
  const parsed = ZMessage.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/**
 * MESSAGE_READ: `readBy` has seen the conversation up to `messageId`. Marks read the messages up to there
 * that were written by the other side: in a team conversation anyone but the reader; in a client's
 * conversation the staff's messages when the client read, the client's when a staff member read.
 */
export function applyRead(
  messages: readonly TMessage[],
  read: { messageId: number; readBy: number; readerIsStaff: boolean },
): TMessage[] {
  return messages.map((message) => {
    if (message.read || message.id > read.messageId || message.senderId === read.readBy) return message;
    const team = message.conversationId.startsWith('team-');
    if (!team && message.isAdminMessage === read.readerIsStaff) return message;
    return { ...message, read: true };
  });
}

/** The last message in the thread written by someone else: what opening the conversation marks read. */
export function lastFromOthers(messages: readonly TMessage[], me: number): TMessage | undefined {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i]!.senderId !== me) return messages[i];
  return undefined;
}

/** Whether a message from others in the thread is still unread by me (then opening it marks it read). */
export function hasUnreadFromOthers(messages: readonly TMessage[], me: number, meIsStaff: boolean) {
  return messages.some(
    (message) =>
      !message.read &&
      message.senderId !== me &&
      (message.conversationId.startsWith('team-') || message.isAdminMessage !== meIsStaff),
  );
}

/** The label under one of my own bubbles; none under others' messages. */
export const deliveryLabel = (message: TMessage, me: number): 'Read' | 'Delivered' | null =>
  message.senderId !== me ? null : message.read ? 'Read' : 'Delivered';

export const senderName = (message: TMessage) =>
  `${message.sender.firstName} ${message.sender.lastName}`.trim() || message.sender.email;
