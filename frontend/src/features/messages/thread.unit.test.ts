import type { TMessage } from '@app/contracts/api/messages';
import { describe, expect, it } from 'vitest';
import {
  applyRead,
  deliveryLabel,
  hasUnreadFromOthers,
  lastFromOthers,
  mergeMessages,
  messageFromFrame,
  oldestId,
  type Thread,
  withMessage,
  withNewestPage,
  withOlderPage,
} from './thread';

const STAFF = 1;
const CLIENT_USER = 9;
const msg = (id: number, over: Partial<TMessage> = {}): TMessage => ({
  id,
  conversationId: 'client-4',
  content: `m${id}`,
  clientId: 4,
  userId: null,
  senderId: STAFF,
  isAdminMessage: true,
  messageType: 'chat',
  read: false,
  createdAt: `2026-11-20T10:00:${String(id).padStart(2, '0')}.000Z`,
  sender: { firstName: 'Ada', lastName: 'Staff', email: 'ada@example.com' },
  ...over,
});

describe('a thread merged from fetches and socket frames', () => {
  it('keeps each message once, oldest first, whatever order they came in', () => {
    const merged = mergeMessages([msg(3), msg(1)], [msg(2), msg(3, { content: 'edited' })]);
    expect(merged.map((m) => m.id)).toEqual([1, 2, 3]);
    expect(merged[2]!.content).toBe('edited');
  });

  it('orders by time, then id for the same instant', () => {
    const same = '2026-11-20T10:00:00.000Z';
    expect(
      mergeMessages([], [msg(7, { createdAt: same }), msg(5, { createdAt: same })]).map((m) => m.id),
    ).toEqual([5, 7]);
  });

  it('never turns a Read message back to unread (a fetch older than the read frame)', () => {
    const merged = mergeMessages([msg(1, { read: true })], [msg(1, { read: false }), msg(2, { read: true })]);
    expect(merged.map((m) => m.read)).toEqual([true, true]);
  });

  it('starts from nothing', () => {
    expect(mergeMessages(undefined, [msg(1)])).toHaveLength(1);
  });

  it('reads a NEW_MESSAGE frame only when it is a whole message', () => {
    expect(messageFromFrame(msg(1))?.id).toBe(1);
    expect(messageFromFrame({ id: 1, content: 'x' })).toBeNull();
    expect(messageFromFrame(null)).toBeNull();
  });
});

describe('a thread paged back with Show Earlier Messages', () => {
  const SIZE = 3;
  /** The server's answer: messages `from`..`to`, oldest first. */
  const answer = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => msg(from + i));
  const ids = (thread: Thread | undefined) => thread?.messages.map((m) => m.id);

  it('shows the newest page; one more in the answer means older ones remain', () => {
    const first = withNewestPage(undefined, answer(6, 9), SIZE);
    expect([ids(first), first.hasOlder, first.upTo]).toEqual([[7, 8, 9], true, 9]);
    const whole = withNewestPage(undefined, answer(1, 3), SIZE);
    expect([ids(whole), whole.hasOlder]).toEqual([[1, 2, 3], false]);
    expect(withNewestPage(undefined, [], SIZE)).toEqual({ messages: [], hasOlder: false, upTo: 0 });
  });

  it('puts the page before the oldest in front; a short page has reached the start', () => {
    const first = withNewestPage(undefined, answer(6, 9), SIZE);
    expect(oldestId(first)).toBe(7);
    const second = withOlderPage(first, 7, answer(3, 6), SIZE)!;
    expect([ids(second), second.hasOlder, second.upTo]).toEqual([[4, 5, 6, 7, 8, 9], true, 9]);
    const start = withOlderPage(second, 4, answer(1, 3), SIZE)!;
    expect([ids(start), start.hasOlder]).toEqual([[1, 2, 3, 4, 5, 6, 7, 8, 9], false]);
    // Exactly a page left: the answer has no extra one, so the button goes without asking for an empty page.
    const exact = withOlderPage(withNewestPage(undefined, answer(3, 6), SIZE), 4, answer(1, 3), SIZE)!;
    expect([ids(exact), exact.hasOlder]).toEqual([[1, 2, 3, 4, 5, 6], false]);
  });

  it('keeps the earlier pages when the newest page is read again after new messages', () => {
    let thread = withNewestPage(undefined, answer(6, 9), SIZE);
    thread = withOlderPage(thread, 7, answer(3, 6), SIZE)!;
    thread = withMessage(thread, msg(10)); // from the socket
    thread = withNewestPage(thread, answer(8, 11), SIZE); // a live update's refetch
    expect([ids(thread), thread.hasOlder, thread.upTo]).toEqual([[4, 5, 6, 7, 8, 9, 10, 11], true, 11]);
    // Still the page before the oldest kept, whatever came in at the bottom.
    expect(oldestId(thread)).toBe(4);
  });

  it('starts again from the newest page when more than a page came since (what lies between is unknown)', () => {
    let thread = withNewestPage(undefined, answer(6, 9), SIZE);
    thread = withOlderPage(thread, 7, answer(3, 6), SIZE)!;
    thread = withMessage(thread, msg(20)); // the socket, while 10–17 were missed
    thread = withNewestPage(thread, answer(17, 20), SIZE);
    expect([ids(thread), thread.hasOlder, thread.upTo]).toEqual([[18, 19, 20], true, 20]);
  });

  it('drops an earlier page that no longer joins the thread (it started again meanwhile)', () => {
    const again = withNewestPage(undefined, answer(17, 20), SIZE);
    expect(withOlderPage(again, 7, answer(3, 6), SIZE)).toBe(again);
    expect(withOlderPage(undefined, 7, answer(3, 6), SIZE)).toBeUndefined();
  });

  it('a message for a thread not read yet starts it; its first read keeps it', () => {
    const pushed = withMessage(undefined, msg(12));
    expect(pushed).toEqual({ messages: [msg(12)], hasOlder: false, upTo: 0 });
    // The read model does not show 12 yet: the read keeps it all the same.
    const read = withNewestPage(pushed, answer(8, 11), SIZE);
    expect([ids(read), read.hasOlder, read.upTo]).toEqual([[9, 10, 11, 12], true, 11]);
    const short = withNewestPage(pushed, answer(1, 2), SIZE);
    expect([ids(short), short.hasOlder]).toEqual([[1, 2, 12], false]);
  });

  it('keeps read marks when a page is read again', () => {
    const thread = withNewestPage(undefined, [msg(1, { read: true }), msg(2)], SIZE);
    expect(withNewestPage(thread, [msg(1), msg(2)], SIZE).messages.map((m) => m.read)).toEqual([true, false]);
  });
});

describe('MESSAGE_READ and the Delivered / Read label', () => {
  const thread = [msg(1), msg(2, { senderId: CLIENT_USER, isAdminMessage: false }), msg(3), msg(4)];

  it('the client read up to 3: staff messages up to 3 turn Read, the client’s own and later ones do not', () => {
    const after = applyRead(thread, { messageId: 3, readBy: CLIENT_USER, readerIsStaff: false });
    expect(after.map((m) => m.read)).toEqual([true, false, true, false]);
  });

  it('a staff member read: only the client’s messages turn Read', () => {
    const after = applyRead(thread, { messageId: 4, readBy: 2, readerIsStaff: true });
    expect(after.map((m) => m.read)).toEqual([false, true, false, false]);
  });

  it('in a team conversation anything the other member wrote turns Read', () => {
    const team = [
      msg(1, { conversationId: 'team-1-2', senderId: 1 }),
      msg(2, { conversationId: 'team-1-2', senderId: 2 }),
    ];
    expect(applyRead(team, { messageId: 2, readBy: 2, readerIsStaff: true }).map((m) => m.read)).toEqual([
      true,
      false,
    ]);
  });

  it('labels only my own bubbles', () => {
    expect(deliveryLabel(msg(1), STAFF)).toBe('Delivered');
    expect(deliveryLabel(msg(1, { read: true }), STAFF)).toBe('Read');
    expect(deliveryLabel(msg(1), CLIENT_USER)).toBeNull();
  });

  it('finds what opening the conversation marks read', () => {
    expect(lastFromOthers(thread, STAFF)?.id).toBe(2);
    expect(lastFromOthers(thread, CLIENT_USER)?.id).toBe(4);
    expect(lastFromOthers([msg(1)], STAFF)).toBeUndefined();
    expect(hasUnreadFromOthers(thread, STAFF, true)).toBe(true);
    expect(
      hasUnreadFromOthers(
        applyRead(thread, { messageId: 4, readBy: STAFF, readerIsStaff: true }),
        STAFF,
        true,
      ),
    ).toBe(false);
    // Another staff member's unread message to the client is not mine to read.
    expect(hasUnreadFromOthers([msg(1, { senderId: 3 })], STAFF, true)).toBe(false);
    expect(hasUnreadFromOthers([msg(1, { senderId: 3 })], CLIENT_USER, false)).toBe(true);
  });
});
