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

/**
 * A thread as the screen keeps it: its newest page, the earlier pages the reader asked for (Show Earlier
 * Messages) and what arrived since, oldest first. `hasOlder`: the conversation goes back further than
 * `messages`. `upTo`: the newest message a read of the newest page brought (0: none read yet); below it,
 * nothing is missing between the oldest message kept and it.
 */
export type Thread = { messages: TMessage[]; hasOlder: boolean; upTo: number };

/**
 * A page as the server answers it when asked for `size + 1` messages (oldest first): the newest `size`,
 * and whether there was one more (older ones remain).
 */
function pageOf(answer: readonly TMessage[], size: number) {
  const more = answer.length > size;
  return { page: more ? answer.slice(answer.length - size) : answer, more };
}

/** The oldest message kept: the next earlier page is asked for `before` it. */
export const oldestId = (thread: Thread): number | undefined =>
  thread.messages.length === 0 ? undefined : Math.min(...thread.messages.map((m) => m.id));

/**
 * The newest page read again (the first read, a refetch after a send, a live update or a reconnect). The
 * earlier pages kept stay when the page reaches back into what the last read brought, or to the start.
 * When more than a page came since, what lies between is unknown: the thread starts again from this page.
 */
export function withNewestPage(
  current: Thread | undefined,
  answer: readonly TMessage[],
  size: number,
): Thread {
  const { page, more } = pageOf(answer, size);
  const upTo = page.at(-1)?.id ?? 0;
  if (!current) return { messages: mergeMessages(undefined, page), hasOlder: more, upTo };
  const first = page[0]?.id ?? 0;
  if (!more || first <= current.upTo)
    return {
      messages: mergeMessages(current.messages, page),
      hasOlder: more && current.hasOlder,
      upTo: Math.max(current.upTo, upTo),
    };
  return {
    messages: mergeMessages(
      current.messages.filter((m) => m.id >= first),
      page,
    ),
    hasOlder: true,
    upTo,
  };
}

/**
 * The page before message `before` (Show Earlier Messages), put in front. Dropped when the thread no longer
 * starts at `before` (it started again meanwhile): it would leave a gap.
 */
export function withOlderPage(
  current: Thread | undefined,
  before: number,
  answer: readonly TMessage[],
  size: number,
): Thread | undefined {
  if (!current || oldestId(current) !== before) return current;
  const { page, more } = pageOf(answer, size);
  return { ...current, messages: mergeMessages(current.messages, page), hasOlder: more };
}

/**
 * A message now known (a send's answer, a NEW_MESSAGE frame) into its thread. A thread not read yet starts
 * with it (`upTo` 0: its first read keeps it, should the read model not show it yet).
 */
export const withMessage = (current: Thread | undefined, message: TMessage): Thread =>
  current
    ? { ...current, messages: mergeMessages(current.messages, [message]) }
    : { messages: [message], hasOlder: false, upTo: 0 };

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
