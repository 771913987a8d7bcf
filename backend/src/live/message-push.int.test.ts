import type { TMessage } from '@app/contracts/api/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { portalClientWithProject } from '../../test/clients.ts';
import { type Frame, framesAfter, openSocket, type TestSocket } from '../../test/sockets.ts';

/**
 * The write side's push of a new message (message-push.ts): it reaches the sockets before the read models have
 * the message, as GET /api/messages then answers it, and the projection's notice that follows does not send it
 * a second time.
 */
describe('new messages pushed from the write side', () => {
  let t: TestApp;
  let admin: TestSocket;
  let cleo: TestSocket;
  let cleoToken: string;
  let clientId: number;
  let conversationId: string;

  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const client = await portalClientWithProject(t, { name: 'Push Client', email: 'push@example.com' });
    cleoToken = client.token;
    clientId = client.clientId;
    conversationId = `client-${clientId}`;
    [admin, cleo] = await Promise.all([openSocket(t, t.adminToken), openSocket(t, cleoToken)]);
  });

  afterAll(async () => {
    for (const c of [admin, cleo]) c?.socket.close();
    await t?.close();
  });

  const newMessages = (c: TestSocket, id: number, from = 0) =>
    c.messages.slice(from).filter((m) => m.type === 'NEW_MESSAGE' && (m.data as { id: number }).id === id);
  const isNew = (content: string) => (m: Frame) =>
    m.type === 'NEW_MESSAGE' && (m.data as { content?: string }).content === content;

  /**
   * Sends with the projections stopped: the frames can only come from the push. Then the projections run
   * again, the answer comes, and the notice of the message (announced to admins as ADMIN_DATA_UPDATE) passes.
   */
  async function sendWhileViewsWait(path: string, body: Record<string, unknown>, token: string) {
    const [adminFrom, cleoFrom] = [admin.messages.length, cleo.messages.length];
    await t.pauseProjections();
    let answer: ReturnType<TestApp['call']>;
    let atAdmin: Frame;
    let atCleo: Frame;
    try {
      answer = t.call('POST', path, body, token);
      const stored = (body.content as string).trim();
      [atAdmin, atCleo] = await Promise.all([
        admin.next(isNew(stored), adminFrom),
        cleo.next(isNew(stored), cleoFrom),
      ]);
    } finally {
      t.resumeProjections();
    }
    const res = await answer;
    expect(res.status).toBe(201);
    await admin.next(
      (m) => m.type === 'ADMIN_DATA_UPDATE' && m.syncType === 'message',
      admin.messages.indexOf(atAdmin) + 1,
    );
    await framesAfter(admin, adminFrom, 500);
    return { id: res.body.id as number, atAdmin, atCleo, adminFrom, cleoFrom };
  }

  const listed = async (id: number, token: string) =>
    (
      (await t.call('GET', `/api/messages?conversationId=${conversationId}`, undefined, token))
        .body as TMessage[]
    ).find((m) => m.id === id);

  it("a client's message reaches the sockets before the views have it, exactly as GET answers it, once", async () => {
    const sent = await sendWhileViewsWait(
      '/api/messages',
      { content: '  Pushed from the write side ' },
      cleoToken,
    );
    const shown = await listed(sent.id, t.adminToken);
    expect(shown).toMatchObject({ content: 'Pushed from the write side', read: false });
    expect(sent.atAdmin.data).toEqual(shown);
    expect(sent.atCleo.data).toEqual(shown);
    // The push and the notice both fired; each socket got the message once.
    expect(newMessages(admin, sent.id, sent.adminFrom)).toHaveLength(1);
    expect(newMessages(cleo, sent.id, sent.cleoFrom)).toHaveLength(1);
  });

  it("an admin's answer is pushed with the admin's names, equal to GET's answer, once", async () => {
    const sent = await sendWhileViewsWait(
      '/api/messages/internal',
      { content: 'Answer pushed', clientId },
      t.adminToken,
    );
    const shown = await listed(sent.id, cleoToken);
    expect(shown).toMatchObject({ isAdminMessage: true, messageType: 'internal', read: false });
    expect(shown?.sender.email).toBe('owner@example.com');
    expect(sent.atCleo.data).toEqual(shown);
    expect(sent.atAdmin.data).toEqual(shown);
    expect(newMessages(admin, sent.id, sent.adminFrom)).toHaveLength(1);
    expect(newMessages(cleo, sent.id, sent.cleoFrom)).toHaveLength(1);
  });
});
