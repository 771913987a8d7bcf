import type { TConversation, TMessage } from '@app/contracts/api/messages';
import { describe, expect, it } from 'vitest';
import { preview, totalUnread, withIncoming, withOpened } from './conversations';

const ME = 1;
const conversation = (id: string, lastId: number, over: Partial<TConversation> = {}): TConversation => ({
  id,
  kind: 'client',
  clientId: 4,
  userId: null,
  title: id,
  lastMessage: { id: lastId, content: 'old', senderId: ME, createdAt: `2026-11-20T10:00:0${lastId}.000Z` },
  messageCount: lastId,
  unreadCount: 0,
  ...over,
});
const message = (id: number, conversationId: string, senderId: number): TMessage => ({
  id,
  conversationId,
  content: 'hello there',
  clientId: 4,
  userId: null,
  senderId,
  isAdminMessage: false,
  messageType: 'chat',
  read: false,
  createdAt: `2026-11-20T10:00:0${id}.000Z`,
  sender: { firstName: 'Cy', lastName: 'Client', email: 'cy@example.com' },
});

describe('the conversation list between fetches', () => {
  const list = [conversation('client-5', 3), conversation('client-4', 2)];

  it("another's message raises the unread count, becomes the last message and moves the conversation up", () => {
    const next = withIncoming(list, message(4, 'client-4', 9), ME, null)!;
    expect(next.map((c) => c.id)).toEqual(['client-4', 'client-5']);
    expect(next[0]).toMatchObject({
      unreadCount: 1,
      messageCount: 3,
      lastMessage: { id: 4, content: 'hello there' },
    });
  });

  it('neither my own message nor one in the open conversation is unread', () => {
    expect(withIncoming(list, message(4, 'client-4', ME), ME, null)![0]!.unreadCount).toBe(0);
    expect(withIncoming(list, message(4, 'client-4', 9), ME, 'client-4')![0]!.unreadCount).toBe(0);
  });

  it('the same message twice counts once', () => {
    const once = withIncoming(list, message(4, 'client-4', 9), ME, null)!;
    expect(withIncoming(once, message(4, 'client-4', 9), ME, null)).toEqual(once);
  });

  it('a conversation not listed yet asks for the list again', () => {
    expect(withIncoming(list, message(4, 'team-1-2', 2), ME, null)).toBeUndefined();
  });

  it('opening resets the count; the total sums the list', () => {
    const raised = [
      conversation('client-4', 2, { unreadCount: 3 }),
      conversation('client-5', 3, { unreadCount: 2 }),
    ];
    expect(totalUnread(raised)).toBe(5);
    expect(totalUnread(withOpened(raised, 'client-4'))).toBe(2);
  });

  it('previews the last message on one line, shortened', () => {
    const long = conversation('client-4', 2, {
      lastMessage: { id: 2, content: `line one\n${'x'.repeat(100)}`, senderId: 9, createdAt: '' },
    });
    expect(preview(long, 20)).toBe(`line one ${'x'.repeat(10)}…`);
    expect(preview(conversation('client-4', 2, { lastMessage: null }))).toBe('');
  });
});
