import type { TMessage } from '@app/contracts/api/messages';
import { describe, expect, it } from 'vitest';
import {
  applyRead,
  deliveryLabel,
  hasUnreadFromOthers,
  lastFromOthers,
  mergeMessages,
  messageFromFrame,
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
