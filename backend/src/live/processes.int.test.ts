import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { portalClientWithProject } from '../../test/clients.ts';
import { type Frame, framesAfter, openSocket, type TestSocket } from '../../test/sockets.ts';
import { tcpProxy } from '../../test/tcp-proxy.ts';

const isNew = (content: string) => (m: Frame) =>
  m.type === 'NEW_MESSAGE' && (m.data as { content?: string }).content === content;
/** The NEW_MESSAGE frames of one message a socket got, after a moment for a late second copy to arrive. */
const copiesOf = async (c: TestSocket, content: string, from = 0) => {
  await framesAfter(c, from, 500);
  return c.messages.slice(from).filter(isNew(content)).length;
};

/**
 * Two API processes on one database (as behind a load balancer), each with its own sockets: a message sent
 * through one reaches sockets held by the other (pushed through Redis by the process that stored it, and again
 * by the projection notices every process hears: delivered once), and typing, which is no event, crosses through
 * Redis. The second process reaches Redis through a proxy the test cuts: it then goes on serving its own
 * sockets, and messages still cross through the notices.
 */
describe('live updates across two API processes', () => {
  let one: TestApp;
  let two: TestApp;
  let redis: Awaited<ReturnType<typeof tcpProxy>>;
  let clientOnOne: TestSocket;
  let adminOnTwo: TestSocket;
  let clientToken: string;
  let conversationId: string;
  let clientUserId: number;

  beforeAll(async () => {
    redis = await tcpProxy({ host: '127.0.0.1', port: 6379 });
    one = await startTestApp();
    two = await startTestApp({
      databaseUrl: () => one.database.url,
      env: { REDIS_URL: `redis://127.0.0.1:${redis.port}` },
    });
    await Promise.all([
      one.app.listen({ port: 0, host: '127.0.0.1' }),
      two.app.listen({ port: 0, host: '127.0.0.1' }),
    ]);
    const client = await portalClientWithProject(one, { name: 'Far Away', email: 'far@example.com' });
    clientToken = client.token;
    conversationId = `client-${client.clientId}`;
    clientUserId = (await one.call('GET', '/api/auth/user', undefined, clientToken)).body.id;
    clientOnOne = await openSocket(one, clientToken);
    adminOnTwo = await openSocket(two, two.adminToken);
  });

  afterAll(async () => {
    for (const c of [clientOnOne, adminOnTwo]) c?.socket.close();
    redis?.restore();
    await two?.close();
    await one?.close();
    await redis?.close();
  });

  it('a message sent over HTTP to one process reaches the socket held by the other, both ways', async () => {
    const fromClient = await one.call('POST', '/api/messages', { content: 'Sent through one' }, clientToken);
    expect(fromClient.status).toBe(201);
    expect((await adminOnTwo.next(isNew('Sent through one'))).data).toMatchObject({ id: fromClient.body.id });
    expect(await copiesOf(adminOnTwo, 'Sent through one')).toBe(1);
    expect(await copiesOf(clientOnOne, 'Sent through one')).toBe(1);

    const clientId = Number(conversationId.slice('client-'.length));
    const answer = await two.call(
      'POST',
      '/api/messages',
      { content: 'Answered through two', clientId },
      two.adminToken,
    );
    expect(answer.status).toBe(201);
    await clientOnOne.next(isNew('Answered through two'));
    expect(await copiesOf(clientOnOne, 'Answered through two')).toBe(1);
  });

  it('typing and read receipts cross between the processes', async () => {
    const adminFrom = adminOnTwo.messages.length;
    clientOnOne.send({ type: 'TYPING_START', conversationId });
    expect(await adminOnTwo.next((m) => m.type === 'TYPING_START', adminFrom)).toEqual({
      type: 'TYPING_START',
      userId: clientUserId,
      conversationId,
    });
    const clientFrom = clientOnOne.messages.length;
    adminOnTwo.send({ type: 'TYPING_STOP', conversationId });
    await clientOnOne.next((m) => m.type === 'TYPING_STOP', clientFrom);

    const last = (
      await one.call('GET', `/api/messages?conversationId=${conversationId}`, undefined, clientToken)
    ).body as { id: number }[];
    clientOnOne.send({ type: 'MESSAGE_READ', conversationId, messageId: last.at(-1)!.id });
    expect(await adminOnTwo.next((m) => m.type === 'MESSAGE_READ', adminFrom)).toMatchObject({
      conversationId,
      readBy: clientUserId,
    });
  });

  it("with its Redis away a process keeps serving its own sockets; events still reach the other's", async () => {
    const clientOnTwo = await openSocket(two, clientToken);
    redis.cut();
    try {
      const from = adminOnTwo.messages.length;
      clientOnTwo.send({ type: 'TYPING_START', conversationId });
      // Same process: relayed at once.
      await adminOnTwo.next((m) => m.type === 'TYPING_START', from);
      // A message still reaches both processes' sockets: it comes through the database's notices.
      const res = await two.call('POST', '/api/messages', { content: 'Redis is away' }, clientToken);
      expect(res.status).toBe(201);
      await adminOnTwo.next(isNew('Redis is away'), from);
      await clientOnOne.next(isNew('Redis is away'));
      // Sent through one, whose push two cannot hear: two's sockets get it from the notice.
      const other = await one.call('POST', '/api/messages', { content: 'Two hears no Redis' }, clientToken);
      expect(other.status).toBe(201);
      await adminOnTwo.next(isNew('Two hears no Redis'), from);
      await clientOnTwo.next(isNew('Two hears no Redis'));
      for (const [c, content] of [
        [adminOnTwo, 'Redis is away'],
        [clientOnOne, 'Redis is away'],
        [adminOnTwo, 'Two hears no Redis'],
        [clientOnTwo, 'Two hears no Redis'],
        [clientOnOne, 'Two hears no Redis'],
      ] as const)
        expect(await copiesOf(c, content)).toBe(1);
    } finally {
      redis.restore();
      clientOnTwo.socket.close();
    }
    // Typing from two reaches one again once Redis is back (the subscriber reconnects by itself).
    const later = await openSocket(two, two.adminToken);
    const deadline = Date.now() + 15_000;
    let crossed = false;
    while (!crossed && Date.now() < deadline) {
      const from = clientOnOne.messages.length;
      later.send({ type: 'TYPING_START', conversationId });
      crossed = (await framesAfter(clientOnOne, from, 500)).some((m) => m.type === 'TYPING_START');
    }
    expect(crossed).toBe(true);
    later.socket.close();
  });
});
