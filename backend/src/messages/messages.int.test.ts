import {
  MESSAGE_EMPTY,
  MESSAGE_TOO_LONG,
  NO_CLIENT_PROFILE,
  type TConversation,
  type TMessage,
  ZConversation,
  ZMessage,
} from '@app/contracts/api/messages';
import type { TDomainEvent } from '@app/contracts/events/domain';
import { START } from '@app/contracts/events/envelope';
import { messagesProjection } from '@app/projections/messages/projection';
import { replayCheck } from '@app/projections/runtime/rebuild';
import { handles } from '@app/projections/runtime/types';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { eventCount } from '../../test/cast.ts';
import { portalClientWithProject } from '../../test/clients.ts';
import { systemActor, toNewEvents } from '../platform/command.ts';
import { conversationStream } from './decide.ts';

type Client = { token: string; clientId: number; projectId: number };

describe('messaging over HTTP: chat with support, internal messages, read marks and unread counts', () => {
  let t: TestApp;
  let ann: Client;
  let bob: Client;
  let ownerId: number;
  let annUserId: number;
  let second: { id: number; token: string };
  let third: { id: number; token: string };
  let unlinked: { id: number; token: string };

  const staffAccount = async (role: 'admin' | 'user') => {
    const made = await t.createUser({ role });
    return { id: made.id, token: await t.activate(made.email, made.temporaryPassword) };
  };

  beforeAll(async () => {
    t = await startTestApp();
    ann = await portalClientWithProject(t, { name: 'Ann Arbor', email: 'ann@example.com' });
    bob = await portalClientWithProject(t, { name: 'Bob Brook', email: 'bob@example.com' });
    second = await staffAccount('admin');
    third = await staffAccount('admin');
    unlinked = await staffAccount('user');
    ownerId = (await t.call('GET', '/api/auth/user', undefined, t.adminToken)).body.id;
    annUserId = (await t.call('GET', '/api/auth/user', undefined, ann.token)).body.id;
  });
  afterAll(async () => t?.close());

  const chat = (token: string, body: Record<string, unknown>) => t.call('POST', '/api/messages', body, token);
  const internal = (token: string, body: Record<string, unknown>) =>
    t.call('POST', '/api/messages/internal', body, token);
  const read = (token: string, conversationId: string, messageId: number) =>
    t.call('POST', '/api/messages/read', { conversationId, messageId }, token);
  const list = async (token: string, query = '') => {
    const res = await t.call('GET', `/api/messages${query}`, undefined, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as TMessage[];
  };
  const conversations = async (token: string) => {
    const res = await t.call('GET', '/api/messages/conversations', undefined, token);
    expect(res.status).toBe(200);
    return (res.body as TConversation[]).map((c) => ZConversation.parse(c));
  };
  const conversation = async (token: string, id: string) =>
    (await conversations(token)).find((c) => c.id === id);

  it('a client and the staff write both ways; unread counts are per reader and reset on read', async () => {
    const annChat = `client-${ann.clientId}`;
    const asked = await chat(ann.token, { content: '  Is my camera install on Friday?  ' });
    expect(asked.status).toBe(201);
    const question = ZMessage.parse(asked.body);
    expect(question).toMatchObject({
      conversationId: annChat,
      content: 'Is my camera install on Friday?',
      clientId: ann.clientId,
      userId: null,
      senderId: annUserId,
      isAdminMessage: false,
      messageType: 'chat',
      read: false,
      sender: { email: 'ann@example.com' },
    });

    const answered = await chat(t.adminToken, { content: 'Yes, at 9am.', clientId: ann.clientId });
    expect(answered.status).toBe(201);
    const answer = ZMessage.parse(answered.body);
    expect(answer).toMatchObject({
      conversationId: annChat,
      senderId: ownerId,
      isAdminMessage: true,
      read: false,
    });

    // Each reader counts what others wrote past their own mark.
    expect(await conversation(ann.token, annChat)).toMatchObject({
      kind: 'client',
      clientId: ann.clientId,
      title: 'Ann Arbor',
      messageCount: 2,
      unreadCount: 1,
      lastMessage: { id: answer.id, content: 'Yes, at 9am.', senderId: ownerId },
    });
    expect((await conversation(t.adminToken, annChat))?.unreadCount).toBe(1);
    expect((await conversation(second.token, annChat))?.unreadCount).toBe(2);

    // The client reads the answer: their count resets, and the staff see their message as Read.
    expect((await read(ann.token, annChat, answer.id)).status).toBe(200);
    expect((await conversation(ann.token, annChat))?.unreadCount).toBe(0);
    const afterClientRead = await list(t.adminToken, `?conversationId=${annChat}`);
    expect(afterClientRead.map((m) => [m.id, m.read])).toEqual([
      [question.id, false],
      [answer.id, true],
    ]);

    // Any admin reading the client's message marks it read for the client; the other admins' counts stay theirs.
    expect((await read(second.token, annChat, question.id)).status).toBe(200);
    expect((await list(ann.token)).map((m) => [m.id, m.read])).toEqual([
      [question.id, true],
      [answer.id, true],
    ]);
    expect((await conversation(second.token, annChat))?.unreadCount).toBe(1);
    expect((await conversation(t.adminToken, annChat))?.unreadCount).toBe(1);
    expect((await read(t.adminToken, annChat, answer.id)).status).toBe(200);
    expect((await conversation(t.adminToken, annChat))?.unreadCount).toBe(0);

    // A new message from the staff raises the client's count again.
    const more = await chat(second.token, { content: 'Bring the ladder key.', clientId: ann.clientId });
    expect(more.status).toBe(201);
    expect(await conversation(ann.token, annChat)).toMatchObject({ unreadCount: 1, messageCount: 3 });
    expect((await conversation(t.adminToken, annChat))?.unreadCount).toBe(1);
    expect((await conversation(second.token, annChat))?.unreadCount).toBe(1);

    // A mark that would not move forward records nothing.
    const before = await eventCount(t);
    expect((await read(ann.token, annChat, answer.id)).status).toBe(200);
    expect((await read(ann.token, annChat, question.id)).status).toBe(200);
    expect(await eventCount(t)).toBe(before);

    // The portal's own list and the admin's view of that client's portal.
    const own = await t.call('GET', '/api/messages/client', undefined, ann.token);
    expect(own.body.map((m: TMessage) => m.content)).toEqual([
      'Is my camera install on Friday?',
      'Yes, at 9am.',
      'Bring the ladder key.',
    ]);
    const adminView = await t.call('GET', `/api/messages/client/${ann.clientId}`, undefined, t.adminToken);
    expect(adminView.body).toEqual(own.body);
    expect((await t.call('GET', '/api/messages/client/999999', undefined, t.adminToken)).status).toBe(404);
  });

  it("a second client never sees the first's messages, nor writes or reads in their conversation", async () => {
    const annChat = `client-${ann.clientId}`;
    const annMessages = await list(ann.token);
    expect(annMessages.length).toBeGreaterThan(0);
    const mine = await chat(bob.token, { content: 'Hello from Bob' });
    expect(mine.status).toBe(201);

    expect((await list(bob.token)).map((m) => m.content)).toEqual(['Hello from Bob']);
    expect((await conversations(bob.token)).map((c) => c.id)).toEqual([`client-${bob.clientId}`]);
    const bobsOwn = await t.call('GET', '/api/messages/client', undefined, bob.token);
    expect(bobsOwn.body.map((m: TMessage) => m.content)).toEqual(['Hello from Bob']);

    // Ann's conversation answers exactly like one that does not exist.
    const theirs = await t.call('GET', `/api/messages?conversationId=${annChat}`, undefined, bob.token);
    const missing = await t.call('GET', '/api/messages?conversationId=client-999999', undefined, bob.token);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual(missing.body);
    const before = await eventCount(t);
    const into = await chat(bob.token, { content: 'sneaky', clientId: ann.clientId });
    expect(into.status).toBe(404);
    expect((await read(bob.token, annChat, annMessages[0]!.id)).status).toBe(404);
    // Bob's own conversation does not hold Ann's message either.
    expect((await read(bob.token, `client-${bob.clientId}`, annMessages[0]!.id)).status).toBe(404);
    expect(await eventCount(t)).toBe(before);
    expect((await list(ann.token)).map((m) => m.content)).not.toContain('sneaky');

    // Admin-only reads stay closed to clients.
    expect((await t.call('GET', `/api/messages/client/${ann.clientId}`, undefined, bob.token)).status).toBe(
      403,
    );
    expect((await t.call('GET', '/api/clients/for-messaging', undefined, bob.token)).status).toBe(403);
  });

  it('the sender is always the signed-in account', async () => {
    const res = await chat(bob.token, { content: 'Who am I?', senderId: ownerId, isAdminMessage: true });
    expect(res.status).toBe(201);
    const bobUserId = (await t.call('GET', '/api/auth/user', undefined, bob.token)).body.id;
    expect(res.body).toMatchObject({ senderId: bobUserId, isAdminMessage: false });
  });

  it('refuses bad input with the spec messages and changes nothing', async () => {
    const before = await eventCount(t);
    for (const content of ['', '   ', undefined]) {
      const res = await chat(ann.token, content === undefined ? {} : { content });
      // Input errors name their field, as every route's do.
      expect([res.status, res.body.message]).toEqual([400, `content: ${MESSAGE_EMPTY}`]);
    }
    const long = await chat(ann.token, { content: 'x'.repeat(5_001) });
    expect([long.status, long.body.message]).toEqual([400, `content: ${MESSAGE_TOO_LONG}`]);
    const longInternal = await internal(t.adminToken, { content: 'x'.repeat(5_001), userId: second.id });
    expect([longInternal.status, longInternal.body.message]).toEqual([400, `content: ${MESSAGE_TOO_LONG}`]);
    // Staff must name the client they write to.
    expect((await chat(t.adminToken, { content: 'To whom?' })).status).toBe(400);
    expect((await chat(t.adminToken, { content: 'Nobody', clientId: 999999 })).status).toBe(404);
    expect((await chat(ann.token, { content: 'bad id', clientId: 'abc' })).status).toBe(400);
    // One recipient, not yourself, not a client's account.
    expect(
      (await internal(t.adminToken, { content: 'Both', clientId: ann.clientId, userId: second.id })).status,
    ).toBe(400);
    expect((await internal(t.adminToken, { content: 'Neither' })).status).toBe(400);
    expect((await internal(t.adminToken, { content: 'Me', userId: ownerId })).status).toBe(400);
    expect((await internal(t.adminToken, { content: 'Client', userId: annUserId })).status).toBe(400);
    expect((await internal(t.adminToken, { content: 'Ghost', userId: 999999 })).status).toBe(404);
    expect((await read(ann.token, 'client-x', 1)).status).toBe(400);
    expect((await read(ann.token, `client-${ann.clientId}`, 0)).status).toBe(400);
    expect((await read(ann.token, `client-${ann.clientId}`, 999999)).status).toBe(404);
    expect((await t.call('GET', '/api/messages?limit=0', undefined, ann.token)).status).toBe(400);
    expect((await t.call('GET', '/api/messages?conversationId=nope', undefined, ann.token)).status).toBe(400);
    expect(await eventCount(t)).toBe(before);
    // Exactly 5,000 characters is allowed.
    expect((await chat(ann.token, { content: 'y'.repeat(5_000) })).status).toBe(201);
  });

  it('an account with no client record has no conversation', async () => {
    const own = await t.call('GET', '/api/messages/client', undefined, unlinked.token);
    expect(own).toMatchObject({ status: 200, body: [] });
    expect(await list(unlinked.token)).toEqual([]);
    expect(await conversations(unlinked.token)).toEqual([]);
    const res = await chat(unlinked.token, { content: 'Hello?' });
    expect([res.status, res.body.error, res.body.message]).toEqual([
      404,
      'no_client_profile',
      NO_CLIENT_PROFILE,
    ]);
    expect((await internal(unlinked.token, { content: 'Hi', userId: ownerId })).status).toBe(403);
  });

  it('team members write to each other; no one else sees it', async () => {
    const [a, b] = [Math.min(ownerId, second.id), Math.max(ownerId, second.id)];
    const team = `team-${a}-${b}`;
    const res = await internal(t.adminToken, {
      content: 'Can you take the Friday install?',
      userId: second.id,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      conversationId: team,
      clientId: null,
      userId: second.id,
      senderId: ownerId,
      isAdminMessage: true,
      messageType: 'internal',
      read: false,
    });
    const secondName = (await t.call('GET', '/api/auth/user', undefined, second.token)).body;
    expect(await conversation(t.adminToken, team)).toMatchObject({
      kind: 'team',
      userId: second.id,
      title: `${secondName.firstName} ${secondName.lastName}`,
      unreadCount: 0,
      messageCount: 1,
    });
    expect(await conversation(second.token, team)).toMatchObject({ userId: ownerId, unreadCount: 1 });
    const reply = await internal(second.token, { content: 'Sure.', userId: ownerId });
    expect(reply.body.conversationId).toBe(team);
    expect((await read(second.token, team, res.body.id)).status).toBe(200);
    expect((await list(t.adminToken, `?conversationId=${team}`)).map((m) => [m.content, m.read])).toEqual([
      ['Can you take the Friday install?', true],
      ['Sure.', false],
    ]);

    // A third admin and the clients: not in the list, 404 on the conversation, nothing in "latest".
    expect(await conversation(third.token, team)).toBeUndefined();
    expect((await t.call('GET', `/api/messages?conversationId=${team}`, undefined, third.token)).status).toBe(
      404,
    );
    expect((await read(third.token, team, res.body.id)).status).toBe(404);
    expect((await list(third.token)).map((m) => m.conversationId)).not.toContain(team);
    expect((await list(ann.token)).map((m) => m.conversationId)).not.toContain(team);
    expect((await t.call('GET', `/api/messages?conversationId=${team}`, undefined, ann.token)).status).toBe(
      404,
    );
    // An internal note to a client goes into that client's conversation.
    const note = await internal(third.token, { content: 'Internal note to Ann', clientId: ann.clientId });
    expect(note.body).toMatchObject({ conversationId: `client-${ann.clientId}`, messageType: 'internal' });
  });

  it('pages oldest first; an admin with no conversation named gets the latest of all theirs', async () => {
    const latest = await list(t.adminToken);
    const ids = latest.map((m) => m.id);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    expect(new Set(latest.map((m) => m.conversationId))).toEqual(
      new Set([
        `client-${ann.clientId}`,
        `client-${bob.clientId}`,
        `team-${Math.min(ownerId, second.id)}-${Math.max(ownerId, second.id)}`,
      ]),
    );
    const annChat = `client-${ann.clientId}`;
    const all = await list(t.adminToken, `?conversationId=${annChat}`);
    const lastTwo = await list(t.adminToken, `?conversationId=${annChat}&limit=2`);
    expect(lastTwo.map((m) => m.id)).toEqual(all.slice(-2).map((m) => m.id));
    const earlier = await list(t.adminToken, `?conversationId=${annChat}&limit=2&before=${lastTwo[0]!.id}`);
    expect(earlier.map((m) => m.id)).toEqual(all.slice(-4, -2).map((m) => m.id));
  });

  it('a retried send with the same Idempotency-Key makes one message', async () => {
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/messages',
        headers: { authorization: `Bearer ${ann.token}`, 'idempotency-key': 'retry-message-0001' },
        payload: { content: 'Only once' },
      });
    const first = await send();
    const again = await send();
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.json().id).toBe(first.json().id);
    expect((await list(ann.token)).filter((m) => m.content === 'Only once')).toHaveLength(1);
  });

  it('lists the clients staff can write to', async () => {
    const res = await t.call('GET', '/api/clients/for-messaging', undefined, t.adminToken);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: ann.clientId, name: 'Ann Arbor', email: 'ann@example.com', userId: annUserId },
      expect.objectContaining({ id: bob.clientId, name: 'Bob Brook', email: 'bob@example.com' }),
    ]);
  });

  it('the views equal a replay of the log, and applying the events again changes nothing', async () => {
    const check = () => replayCheck(t.deps.db as never, t.deps.store, messagesProjection);
    expect(await check()).toEqual([]);
    const events = (await t.deps.store.readAll(START, 10_000)).filter((e) => handles(messagesProjection, e));
    expect(events.length).toBeGreaterThan(10);
    const keys = new Set<string>();
    await t.deps.db
      .transaction()
      .execute((tx) => messagesProjection.apply(events, { tx: tx as never, schema: 'rm', keys }));
    expect(keys).toContain(`client-${ann.clientId}`);
    expect(await check()).toEqual([]);
  });

  it('concurrent messages into one conversation are all kept, each once', async () => {
    const annChat = `client-${ann.clientId}`;
    const before = (await conversation(t.adminToken, annChat))!.messageCount;
    const sent = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        i % 2 === 0
          ? chat(ann.token, { content: `burst ${i}` })
          : chat(t.adminToken, { content: `burst ${i}`, clientId: ann.clientId }),
      ),
    );
    expect(sent.map((r) => r.status)).toEqual(Array(16).fill(201));
    expect((await conversation(t.adminToken, annChat))!.messageCount).toBe(before + 16);
    const contents = (await list(ann.token, `?conversationId=${annChat}&limit=16`)).map((m) => m.content);
    expect(contents.sort()).toEqual(Array.from({ length: 16 }, (_, i) => `burst ${i}`).sort());
  });

  it("reads marks of messages another process stored (this process's remembered state lacks them)", async () => {
    const annChat = `client-${ann.clientId}`;
    // This process remembers the conversation as its own send left it...
    const ours = await chat(t.adminToken, { content: 'From this process', clientId: ann.clientId });
    expect(ours.status).toBe(201);
    // ...then another process stores one more message in it.
    const theirs = (
      await t.deps.db
        .selectNoFrom(sql<number>`nextval('message_ids')::int`.as('id'))
        .executeTakeFirstOrThrow()
    ).id;
    const event: TDomainEvent = {
      type: 'MessageSent',
      data: {
        messageId: theirs,
        conversationId: annChat,
        clientId: ann.clientId,
        userId: null,
        senderId: second.id,
        senderRole: 'admin',
        content: 'From another process',
        messageType: 'chat',
        isAdminMessage: true,
        sentAt: new Date().toISOString(),
      },
    };
    const appended = await t.deps.store.append(
      conversationStream(annChat),
      toNewEvents([event], systemActor()),
      'any',
    );
    expect(await t.deps.waitForProjections(appended)).toBe(true);
    expect((await conversation(ann.token, annChat))?.unreadCount).toBeGreaterThanOrEqual(2);

    // Marking the older one goes on the remembered state; the newer one needs the stream.
    expect((await read(ann.token, annChat, ours.body.id)).status).toBe(200);
    expect((await read(ann.token, annChat, theirs)).status).toBe(200);
    expect((await conversation(ann.token, annChat))?.unreadCount).toBe(0);
    const shown = await list(t.adminToken, `?conversationId=${annChat}&limit=2`);
    expect(shown.map((m) => [m.id, m.read])).toEqual([
      [ours.body.id, true],
      [theirs, true],
    ]);
    // And a send after it lands in the conversation as usual.
    expect((await chat(t.adminToken, { content: 'After', clientId: ann.clientId })).status).toBe(201);
    expect((await conversation(ann.token, annChat))?.unreadCount).toBe(1);
  });

  it('pages back through a conversation while new messages arrive: nothing skipped, nothing twice', async () => {
    const cara = await portalClientWithProject(t, { name: 'Cara Coast', email: 'cara@example.com' });
    const caraChat = `client-${cara.clientId}`;
    let sent = 0;
    const write = async (count: number) => {
      const ids: number[] = [];
      for (let i = 0; i < count; i++, sent++) {
        const res =
          sent % 3 === 0
            ? await chat(t.adminToken, { content: `note ${sent}`, clientId: cara.clientId })
            : await chat(cara.token, { content: `note ${sent}` });
        expect(res.status).toBe(201);
        ids.push(res.body.id);
      }
      return ids;
    };
    const first = await write(12);

    // The three reads of the conversation page alike: the client's own, the admin's of that client, and
    // /api/messages named by conversation, as the client and as staff.
    const reads = [
      (q: string) => t.call('GET', `/api/messages/client?${q}`, undefined, cara.token),
      (q: string) => t.call('GET', `/api/messages/client/${cara.clientId}?${q}`, undefined, t.adminToken),
      (q: string) => t.call('GET', `/api/messages?conversationId=${caraChat}&${q}`, undefined, cara.token),
      (q: string) => t.call('GET', `/api/messages?conversationId=${caraChat}&${q}`, undefined, t.adminToken),
    ];
    const arrived: number[] = [];
    for (const read of reads) {
      const seen: number[] = [];
      let page = (await read('limit=5')).body as TMessage[];
      expect(page.map((m) => m.id)).toEqual([...first, ...arrived].slice(-5));
      const newest = page.map((m) => m.id);
      seen.push(...newest);
      // Pages back until one comes back shorter than asked; two new messages arrive before each.
      for (let round = 1; page.length === 5; round++) {
        expect(round, 'pages back to the start').toBeLessThan(12);
        arrived.push(...(await write(2)));
        const res = await read(`limit=5&before=${page[0]!.id}`);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        page = res.body as TMessage[];
        expect(page.map((m) => m.conversationId).every((c) => c === caraChat)).toBe(true);
        seen.unshift(...page.map((m) => m.id));
      }
      // Everything up to the first page's newest, oldest first, each once; nothing that arrived meanwhile.
      expect(seen).toEqual([...first, ...arrived].filter((id) => id <= newest.at(-1)!));
    }

    // Asked with neither, the client lists still answer the whole conversation up to their 500.
    const all = [...first, ...arrived];
    const own = await t.call('GET', '/api/messages/client', undefined, cara.token);
    expect(own.body.map((m: TMessage) => m.id)).toEqual(all);
    const adminView = await t.call('GET', `/api/messages/client/${cara.clientId}`, undefined, t.adminToken);
    expect(adminView.body).toEqual(own.body);
    // A page before the first message is empty.
    expect((await reads[0]!(`before=${first[0]}`)).body).toEqual([]);
  });

  it("a client cannot page back through another client's conversation", async () => {
    const annChat = `client-${ann.clientId}`;
    const annNewest = (await list(ann.token, '?limit=1'))[0]!;
    const theirs = await t.call(
      'GET',
      `/api/messages?conversationId=${annChat}&before=${annNewest.id}&limit=5`,
      undefined,
      bob.token,
    );
    const missing = await t.call(
      'GET',
      `/api/messages?conversationId=client-999999&before=${annNewest.id}&limit=5`,
      undefined,
      bob.token,
    );
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual(missing.body);
    // Bob's own list paged before Ann's message holds only Bob's.
    const own = await t.call('GET', `/api/messages/client?before=${annNewest.id}`, undefined, bob.token);
    expect(own.status).toBe(200);
    expect(own.body.length).toBeGreaterThan(0);
    expect(own.body.every((m: TMessage) => m.conversationId === `client-${bob.clientId}`)).toBe(true);
    const adminOnly = await t.call(
      'GET',
      `/api/messages/client/${ann.clientId}?before=${annNewest.id}`,
      undefined,
      bob.token,
    );
    expect(adminOnly.status).toBe(403);
  });

  it('refuses a bad page with a message saying what is wrong', async () => {
    const before = await eventCount(t);
    for (const path of ['/api/messages?', '/api/messages/client?', `/api/messages/client/${ann.clientId}?`]) {
      const token = path.startsWith('/api/messages/client/') ? t.adminToken : ann.token;
      for (const [query, message] of [
        ['before=abc', 'before: before must be a message id'],
        ['before=0', 'before: before must be a message id'],
        ['limit=0', 'limit: limit must be a whole number from 1 to 500'],
        ['limit=501', 'limit: limit must be a whole number from 1 to 500'],
        ['limit=2.5', 'limit: limit must be a whole number from 1 to 500'],
        ['limit=ten', 'limit: limit must be a whole number from 1 to 500'],
      ] as const) {
        const res = await t.call('GET', `${path}${query}`, undefined, token);
        expect([path, query, res.status, res.body.message]).toEqual([path, query, 400, message]);
      }
    }
    expect(await eventCount(t)).toBe(before);
  });
});
