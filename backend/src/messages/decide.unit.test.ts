import { MESSAGE_EMPTY, MESSAGE_TOO_LONG } from '@app/contracts/api/messages';
import type { TMessageEvent } from '@app/contracts/events/messages';
import { describe, expect, it } from 'vitest';
import { mayUseConversation, type Person } from './access.ts';
import {
  type ConversationState,
  conversationDecider,
  markRead,
  type SendCommand,
  sendMessage,
} from './decide.ts';

const admin: Person = { userId: 1, role: 'admin', clientId: null };
const otherAdmin: Person = { userId: 2, role: 'admin', clientId: null };
const thirdAdmin: Person = { userId: 3, role: 'admin', clientId: null };
const ann: Person = { userId: 10, role: 'client', clientId: 100 };
const bob: Person = { userId: 11, role: 'client', clientId: 101 };
const unlinked: Person = { userId: 12, role: 'user', clientId: null };
/** A client account whose id happens to be a team conversation's member id. */
const clientNamedLikeAMember: Person = { userId: 2, role: 'client', clientId: 102 };

const at = '2026-03-01T10:00:00.000Z';
const fold = (events: TMessageEvent[]) =>
  events.reduce((s, e) => conversationDecider.evolve(s, e), conversationDecider.initial);
const send = (state: ConversationState, command: Partial<SendCommand>) =>
  sendMessage(state, {
    messageId: 1,
    conversationId: 'client-100',
    sender: ann,
    content: 'Hello',
    messageType: 'chat',
    at,
    ...command,
  });

describe('mayUseConversation', () => {
  it('a client conversation: every admin and the client whose record it is', () => {
    expect(mayUseConversation(admin, 'client-100')).toBe(true);
    expect(mayUseConversation(otherAdmin, 'client-100')).toBe(true);
    expect(mayUseConversation(ann, 'client-100')).toBe(true);
    expect(mayUseConversation(bob, 'client-100')).toBe(false);
    expect(mayUseConversation(unlinked, 'client-100')).toBe(false);
  });

  it('a team conversation: its two members, who must be staff', () => {
    expect(mayUseConversation(admin, 'team-1-2')).toBe(true);
    expect(mayUseConversation(otherAdmin, 'team-1-2')).toBe(true);
    expect(mayUseConversation(thirdAdmin, 'team-1-2')).toBe(false);
    expect(mayUseConversation(clientNamedLikeAMember, 'team-1-2')).toBe(false);
    expect(mayUseConversation(ann, 'team-10-1')).toBe(false);
  });

  it('an id of neither shape is no one’s', () => {
    for (const id of ['', 'client-', 'client-x', 'team-1', 'client-100 ', 'CLIENT-100', 'team-1-2-3'])
      expect(mayUseConversation(admin, id), id).toBe(false);
  });
});

describe('sendMessage', () => {
  it('records the message with the acting account as sender, content trimmed', () => {
    const [event] = send(conversationDecider.initial, { content: '  Hi there  ' });
    expect(event).toEqual({
      type: 'MessageSent',
      data: {
        messageId: 1,
        conversationId: 'client-100',
        clientId: 100,
        userId: null,
        senderId: 10,
        senderRole: 'client',
        content: 'Hi there',
        messageType: 'chat',
        isAdminMessage: false,
        sentAt: at,
      },
    });
    const [staff] = send(conversationDecider.initial, { sender: admin });
    expect(staff?.data).toMatchObject({ senderId: 1, isAdminMessage: true, clientId: 100, userId: null });
  });

  it('a team message names the other member as its recipient', () => {
    const [event] = send(conversationDecider.initial, {
      conversationId: 'team-1-2',
      sender: otherAdmin,
      messageType: 'internal',
    });
    expect(event?.data).toMatchObject({ clientId: null, userId: 1, senderId: 2 });
  });

  it("refuses someone else's conversation as if it did not exist, and empty or long text", () => {
    expect(() => send(conversationDecider.initial, { sender: bob })).toThrow(
      expect.objectContaining({ status: 404 }),
    );
    expect(() =>
      send(conversationDecider.initial, { sender: thirdAdmin, conversationId: 'team-1-2' }),
    ).toThrow(expect.objectContaining({ status: 404 }));
    expect(() => send(conversationDecider.initial, { content: ' \n ' })).toThrow(MESSAGE_EMPTY);
    expect(() => send(conversationDecider.initial, { content: 'x'.repeat(5_001) })).toThrow(MESSAGE_TOO_LONG);
    expect(send(conversationDecider.initial, { content: 'x'.repeat(5_000) })).toHaveLength(1);
    expect(() => send(conversationDecider.initial, { sender: admin, conversationId: 'team-1-1' })).toThrow(
      expect.objectContaining({ status: 400 }),
    );
  });

  it('a message already in the conversation (a retry) records nothing', () => {
    const state = fold(send(conversationDecider.initial, {}));
    expect(send(state, {})).toEqual([]);
    expect(send(state, { messageId: 2 })).toHaveLength(1);
  });
});

describe('markRead', () => {
  const state = fold([
    ...send(conversationDecider.initial, { messageId: 5 }),
    ...send(conversationDecider.initial, { messageId: 7, sender: admin }),
  ]);
  const mark = (s: ConversationState, reader: Person, messageId: number) =>
    markRead(s, { conversationId: 'client-100', reader, messageId, at });

  it('moves the reader’s own mark forward only', () => {
    const read = mark(state, ann, 7);
    expect(read).toEqual([
      {
        type: 'ConversationRead',
        data: {
          conversationId: 'client-100',
          readerId: 10,
          readerRole: 'client',
          upToMessageId: 7,
          readAt: at,
        },
      },
    ]);
    const marked = conversationDecider.evolve(state, read[0]!);
    expect(marked.readMarks).toEqual({ 10: 7 });
    expect(mark(marked, ann, 7)).toEqual([]);
    expect(mark(marked, ann, 5)).toEqual([]);
    // Each reader has their own mark.
    expect(mark(marked, admin, 5)).toHaveLength(1);
  });

  it('only members, and only messages of the conversation', () => {
    expect(() => mark(state, bob, 5)).toThrow(expect.objectContaining({ status: 404 }));
    expect(() => mark(state, unlinked, 5)).toThrow(expect.objectContaining({ status: 404 }));
    expect(() => mark(state, ann, 6)).toThrow(expect.objectContaining({ status: 404 }));
  });
});
