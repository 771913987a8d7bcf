import { MESSAGE_MAX_CHARS, MESSAGE_TOO_LONG, type TMessage } from '@app/contracts/api/messages';
import { describe, expect, it } from 'vitest';
import { parseRecipient, recipientBody } from './admin/recipient';
import { composeState, newMessageToast } from './compose';

describe('the message box', () => {
  it('cannot send empty or blank text, and says nothing about it', () => {
    expect(composeState('')).toEqual({ canSend: false, problem: null });
    expect(composeState(' \n\t ')).toEqual({ canSend: false, problem: null });
  });

  it('sends up to 5,000 characters (trimmed, as the server counts) and refuses one more before sending', () => {
    expect(composeState(`  ${'a'.repeat(MESSAGE_MAX_CHARS)}  `)).toEqual({ canSend: true, problem: null });
    expect(composeState('a'.repeat(MESSAGE_MAX_CHARS + 1))).toEqual({
      canSend: false,
      problem: MESSAGE_TOO_LONG,
    });
  });
});

describe('the new-message toast', () => {
  const message = (over: Partial<TMessage> = {}): TMessage => ({
    id: 5,
    conversationId: 'client-4',
    content: `${'é'.repeat(99)}😀 and more`,
    clientId: 4,
    userId: null,
    senderId: 9,
    isAdminMessage: false,
    messageType: 'chat',
    read: false,
    createdAt: '2026-11-20T10:00:00.000Z',
    sender: { firstName: 'Cy', lastName: 'Client', email: 'cy@example.com' },
    ...over,
  });

  it('shows 4 s with the first 100 characters, naming the sender', () => {
    expect(newMessageToast(message(), 1, null)).toEqual({
      title: 'New message from Cy Client',
      description: `${'é'.repeat(99)}😀`,
      durationMs: 4000,
    });
  });

  it('not for my own message, nor in the conversation on screen', () => {
    expect(newMessageToast(message({ senderId: 1 }), 1, null)).toBeNull();
    expect(newMessageToast(message(), 1, 'client-4')).toBeNull();
    expect(newMessageToast(message(), 1, 'client-5')).not.toBeNull();
  });
});

describe('a New Message recipient', () => {
  it('is a client or a team member, sent as clientId or userId', () => {
    expect(parseRecipient('client:4')).toEqual({ kind: 'client', id: 4 });
    expect(parseRecipient('user:2')).toEqual({ kind: 'user', id: 2 });
    expect(parseRecipient('')).toBeNull();
    expect(parseRecipient('team:2')).toBeNull();
    expect(recipientBody({ kind: 'user', id: 2 })).toEqual({
      isAdminMessage: true,
      messageType: 'internal',
      userId: 2,
    });
    expect(recipientBody({ kind: 'client', id: 4 })).toEqual({
      isAdminMessage: true,
      messageType: 'internal',
      clientId: 4,
    });
  });
});
