import { SOCKET_FLOODED } from '@app/contracts/ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { eventCount } from '../../test/cast.ts';
import { portalClientWithProject } from '../../test/clients.ts';
import { eventually } from '../../test/eventually.ts';
import { type Frame, framesAfter, openSocket, type TestSocket } from '../../test/sockets.ts';

/**
 * The /ws protocol of the messaging slice with two real websocket clients (an admin and a client) and a second
 * client who must never hear the first one's conversation: messages, typing and read receipts both ways.
 */
describe('messaging over /ws', () => {
  let t: TestApp;
  let admin: TestSocket;
  let cleo: TestSocket;
  let other: TestSocket;
  let cleoToken: string;
  let otherToken: string;
  let cleoUserId: number;
  let adminUserId: number;
  let conversationId: string;
  let otherConversationId: string;

  const meOf = async (token: string) => (await t.call('GET', '/api/auth/user', undefined, token)).body;
  const conversationsOf = async (token: string) =>
    (await t.call('GET', '/api/messages/conversations', undefined, token)).body as {
      id: string;
      unreadCount: number;
      messageCount: number;
    }[];
  const unreadOf = async (token: string, id: string) =>
    (await conversationsOf(token)).find((c) => c.id === id)?.unreadCount;

  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const a = await portalClientWithProject(t, { name: 'Cleo Client', email: 'cleo@example.com' });
    const b = await portalClientWithProject(t, { name: 'Otto Other', email: 'otto@example.com' });
    cleoToken = a.token;
    otherToken = b.token;
    conversationId = `client-${a.clientId}`;
    otherConversationId = `client-${b.clientId}`;
    cleoUserId = (await meOf(cleoToken)).id;
    adminUserId = (await meOf(t.adminToken)).id;
    [admin, cleo, other] = await Promise.all([
      openSocket(t, t.adminToken),
      openSocket(t, cleoToken),
      openSocket(t, otherToken),
    ]);
  });

  afterAll(async () => {
    for (const c of [admin, cleo, other]) c?.socket.close();
    await t?.close();
  });

  const isNew = (content: string) => (m: Frame) =>
    m.type === 'NEW_MESSAGE' && (m.data as { content?: string }).content === content;

  it('a client message over HTTP reaches the admin socket (and the client own), never another client', async () => {
    const [otherFrom, adminFrom] = [other.messages.length, admin.messages.length];
    const sentAt = Date.now();
    const res = await t.call('POST', '/api/messages', { content: 'Hello from Cleo' }, cleoToken);
    expect(res.status).toBe(201);
    const atAdmin = await admin.next(isNew('Hello from Cleo'));
    // Open admin screens refresh their message lists within a second.
    await admin.next((m) => m.type === 'ADMIN_DATA_UPDATE' && m.syncType === 'message', adminFrom, 1000);
    expect(Date.now() - sentAt).toBeLessThan(1000);
    expect(atAdmin.data).toMatchObject({
      id: res.body.id,
      conversationId,
      senderId: cleoUserId,
      content: 'Hello from Cleo',
      isAdminMessage: false,
      read: false,
    });
    await cleo.next(isNew('Hello from Cleo'));
    expect(await unreadOf(t.adminToken, conversationId)).toBe(1);
    expect(await framesAfter(other, otherFrom)).toEqual([]);
  });

  it("the admin's answer reaches the client socket, and the client's unread count", async () => {
    const otherFrom = other.messages.length;
    const res = await t.call(
      'POST',
      '/api/messages/internal',
      { content: 'Hi Cleo, how can we help?', clientId: Number(conversationId.slice(7)) },
      t.adminToken,
    );
    expect(res.status).toBe(201);
    const atCleo = await cleo.next(isNew('Hi Cleo, how can we help?'));
    expect(atCleo.data).toMatchObject({ senderId: adminUserId, isAdminMessage: true, conversationId });
    expect(await unreadOf(cleoToken, conversationId)).toBe(1);
    expect(await framesAfter(other, otherFrom)).toEqual([]);
  });

  it('typing goes both ways with the real sender id, to members only', async () => {
    const [adminFrom, cleoFrom, otherFrom] = [
      admin.messages.length,
      cleo.messages.length,
      other.messages.length,
    ];
    cleo.send({ type: 'TYPING_START', conversationId });
    expect(await admin.next((m) => m.type === 'TYPING_START', adminFrom)).toEqual({
      type: 'TYPING_START',
      userId: cleoUserId,
      conversationId,
    });
    admin.send({ type: 'TYPING_STOP', userId: adminUserId, conversationId });
    expect(await cleo.next((m) => m.type === 'TYPING_STOP', cleoFrom)).toEqual({
      type: 'TYPING_STOP',
      userId: adminUserId,
      conversationId,
    });
    expect(await framesAfter(other, otherFrom)).toEqual([]);
    // The sender does not hear their own typing.
    expect(cleo.messages.slice(cleoFrom).filter((m) => m.type === 'TYPING_START')).toEqual([]);
  });

  it('read receipts go both ways and clear the unread counts', async () => {
    const messages = (
      await t.call('GET', `/api/messages?conversationId=${conversationId}`, undefined, cleoToken)
    ).body as { id: number; senderId: number; read: boolean }[];
    const fromAdmin = messages.find((m) => m.senderId === adminUserId)!;
    const fromCleo = messages.find((m) => m.senderId === cleoUserId)!;
    const [adminFrom, otherFrom] = [admin.messages.length, other.messages.length];

    cleo.send({ type: 'MESSAGE_READ', conversationId, messageId: fromAdmin.id, readBy: cleoUserId });
    expect(await admin.next((m) => m.type === 'MESSAGE_READ', adminFrom)).toEqual({
      type: 'MESSAGE_READ',
      conversationId,
      messageId: fromAdmin.id,
      readBy: cleoUserId,
    });
    expect(await unreadOf(cleoToken, conversationId)).toBe(0);

    const cleoFrom = cleo.messages.length;
    admin.send({ type: 'MESSAGE_READ', conversationId, messageId: fromCleo.id });
    expect(await cleo.next((m) => m.type === 'MESSAGE_READ' && m.readBy === adminUserId, cleoFrom)).toEqual({
      type: 'MESSAGE_READ',
      conversationId,
      messageId: fromCleo.id,
      readBy: adminUserId,
    });
    expect(await unreadOf(t.adminToken, conversationId)).toBe(0);
    const after = (
      await t.call('GET', `/api/messages?conversationId=${conversationId}`, undefined, cleoToken)
    ).body as { id: number; read: boolean }[];
    expect(after.every((m) => m.read)).toBe(true);
    expect(await framesAfter(other, otherFrom)).toEqual([]);
  });

  it("refuses typing and reads in someone else's conversation, and forged ids; nothing is relayed or stored", async () => {
    const [adminFrom, cleoFrom] = [admin.messages.length, cleo.messages.length];
    const events = await eventCount(t);
    const refusals: [unknown, string][] = [
      [{ type: 'TYPING_START', conversationId }, 'Conversation not found'],
      [{ type: 'TYPING_STOP', conversationId: 'team-1-2' }, 'Conversation not found'],
      [{ type: 'MESSAGE_READ', conversationId, messageId: 1 }, 'Conversation not found'],
      [
        { type: 'TYPING_START', conversationId: otherConversationId, userId: cleoUserId },
        'userId must be your own id.',
      ],
      [
        { type: 'MESSAGE_READ', conversationId: otherConversationId, messageId: 1, readBy: cleoUserId },
        'readBy must be your own id.',
      ],
      [{ type: 'ADMIN_DATA_SYNC', syncType: 'project' }, 'Only admins may send ADMIN_DATA_SYNC.'],
      [{ type: 'ADMIN_CHAT', data: 'hi' }, 'Only admins may send ADMIN_CHAT.'],
      [{ type: 'NEW_MESSAGE', data: { content: 'x' } }, 'Unknown frame type: NEW_MESSAGE'],
    ];
    for (const [frame, message] of refusals) {
      const from = other.messages.length;
      other.send(frame);
      expect(await other.next((m) => m.type === 'ERROR', from)).toEqual({ type: 'ERROR', message });
    }
    // A member's read of a message that is not in the conversation is refused by the command.
    const from = cleo.messages.length;
    cleo.send({ type: 'MESSAGE_READ', conversationId, messageId: 999_999 });
    expect((await cleo.next((m) => m.type === 'ERROR', from)).message).toMatch(/not found/i);
    expect(await framesAfter(admin, adminFrom)).toEqual([]);
    expect(cleo.messages.slice(cleoFrom).filter((m) => m.type !== 'ERROR')).toEqual([]);
    expect(await eventCount(t)).toBe(events);
    expect(other.socket.readyState).toBe(WebSocket.OPEN);
  });

  it("admins' sync and chat frames reach the other admins only", async () => {
    const created = await t.createUser({ email: 'second-admin@example.com', role: 'admin' });
    const second = await openSocket(t, await t.activate(created.email, created.temporaryPassword));
    const [adminFrom, cleoFrom] = [admin.messages.length, cleo.messages.length];
    second.send({ type: 'ADMIN_DATA_SYNC', syncType: 'project', data: { id: 1 } });
    expect(
      await admin.next((m) => m.type === 'ADMIN_DATA_UPDATE' && m.syncType === 'project', adminFrom),
    ).toEqual({
      type: 'ADMIN_DATA_UPDATE',
      syncType: 'project',
    });
    second.send({ type: 'ADMIN_CHAT', data: { text: 'lunch?' } });
    expect(await admin.next((m) => m.type === 'ADMIN_CHAT_MESSAGE', adminFrom)).toEqual({
      type: 'ADMIN_CHAT_MESSAGE',
      data: { text: 'lunch?' },
      userId: created.id,
    });
    expect(cleo.messages.slice(cleoFrom).filter((m) => String(m.type).startsWith('ADMIN'))).toEqual([]);
    second.socket.close();
  });

  it('answers ERROR to malformed frames and stays open', async () => {
    const c = await openSocket(t, cleoToken);
    const cases: [string | Buffer, string][] = [
      ['not json', 'Frames are JSON text.'],
      ['[1,2]', 'A frame is a JSON object.'],
      ['{"conversationId":"client-1"}', 'A frame needs a type.'],
      [
        '{"type":"TYPING_START"}',
        expect.stringMatching(/^TYPING_START: conversationId: /) as unknown as string,
      ],
      [
        '{"type":"MESSAGE_READ","conversationId":"client-1","messageId":-5}',
        expect.stringMatching(/^MESSAGE_READ: messageId: /) as unknown as string,
      ],
      ['{"type":"DROP_TABLES"}', 'Unknown frame type: DROP_TABLES'],
      [Buffer.from([1, 2, 3]), 'Frames are JSON text.'],
    ];
    for (const [frame, message] of cases) {
      const from = c.messages.length;
      c.socket.send(frame);
      expect(await c.next((m) => m.type === 'ERROR', from)).toEqual({ type: 'ERROR', message });
    }
    expect(c.socket.readyState).toBe(WebSocket.OPEN);
    c.socket.close();
  });

  it(`closes a socket that sends more than 20 frames in a second with ${SOCKET_FLOODED}; the server keeps serving`, async () => {
    const flooder = await openSocket(t, cleoToken);
    for (let i = 0; i < 40; i++) flooder.send({ type: 'TYPING_START', conversationId });
    expect((await flooder.closed).code).toBe(SOCKET_FLOODED);
    // The others are served as before.
    const res = await t.call('POST', '/api/messages', { content: 'Still here' }, cleoToken);
    expect(res.status).toBe(201);
    await admin.next(isNew('Still here'));
    expect(admin.socket.readyState).toBe(WebSocket.OPEN);
    // A socket that keeps to the limit stays open.
    const steady = await openSocket(t, cleoToken);
    for (let i = 0; i < 25; i++) {
      steady.send({ type: 'TYPING_STOP', conversationId });
      await new Promise((r) => setTimeout(r, 60));
    }
    await eventually('the steady socket still open', async () => steady.socket.readyState === WebSocket.OPEN);
    expect(steady.socket.readyState).toBe(WebSocket.OPEN);
    steady.socket.close();
  });
});
