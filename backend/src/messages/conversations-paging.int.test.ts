import type { TConversation } from '@app/contracts/api/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { portalClientWithProject } from '../../test/clients.ts';
import { pagedList } from '../../test/pages.ts';
import { encodeCursor } from '../platform/paging.ts';

const WALK_CLIENTS = 7;

/** `GET /api/messages/conversations` paged and searched on the server (issue 23). */
describe('conversation list pages', () => {
  let t: TestApp;
  let kenai: { token: string; clientId: number };
  let colleague: { id: number; token: string };
  let seq = 0;

  /** A client without a portal account, with one message from the staff; answers its conversation id. */
  const clientWithMessage = async (name: string) => {
    seq++;
    const made = await t.call(
      'POST',
      '/api/clients',
      { name, email: `conv-pages${seq}@example.com`, userType: 'client', portalAccess: false },
      t.adminToken,
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const clientId = made.body.client.id as number;
    await write(clientId, `Hello ${name}`);
    return `client-${clientId}`;
  };
  const write = async (clientId: number, content: string) => {
    const sent = await t.call('POST', '/api/messages', { content, clientId }, t.adminToken);
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  };
  const clientIdOf = (conversationId: string) => Number(conversationId.slice('client-'.length));

  const { page, walk, refused } = pagedList<TConversation>(
    () => t,
    '/api/messages/conversations',
    (c) => c.id,
  );
  const whole = async (token = t.adminToken) => {
    const res = await t.call('GET', '/api/messages/conversations', undefined, token);
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    return res.body as TConversation[];
  };

  beforeAll(async () => {
    t = await startTestApp();
    kenai = await portalClientWithProject(t, { name: 'Kenai Lodge', email: 'kenai@example.com' });
    const asked = await t.call('POST', '/api/messages', { content: 'Is Friday still on?' }, kenai.token);
    expect(asked.status).toBe(201);
    for (let i = 1; i <= WALK_CLIENTS; i++) await clientWithMessage(`Walk Client ${i}`);
    await clientWithMessage('Dock 100% outdoor_ready');
    const made = await t.createUser({ role: 'admin', firstName: 'Marta', lastName: 'Quill' });
    colleague = { id: made.id, token: await t.activate(made.email, made.temporaryPassword) };
    const team = await t.call(
      'POST',
      '/api/messages/internal',
      { content: 'Hi', userId: colleague.id },
      t.adminToken,
    );
    expect(team.status).toBe(201);
    // A team conversation the owner is not in: never on the owner's pages.
    const other = await t.createUser({ role: 'admin', firstName: 'Hidden', lastName: 'Pair' });
    const hidden = await t.call(
      'POST',
      '/api/messages/internal',
      { content: 'Psst', userId: other.id },
      colleague.token,
    );
    expect(hidden.status).toBe(201);
  });
  afterAll(async () => t?.close());

  it('pages the whole list in its order, newest activity first, with a total; no parameter keeps the array', async () => {
    const all = await whole();
    // Kenai, seven walk clients, the dock client and the team conversation with Marta.
    expect(all).toHaveLength(WALK_CLIENTS + 3);
    expect(all[0]).toMatchObject({ kind: 'team', title: 'Marta Quill', userId: colleague.id });
    expect(all.some((c) => c.title === 'Hidden Pair')).toBe(false);

    const first = await page('limit=3');
    expect(first.total).toBe(all.length);
    expect(first.items).toEqual(all.slice(0, 3));
    expect(first.nextCursor).toEqual(expect.any(String));
    expect(await walk('limit=4')).toEqual(all.map((c) => c.id));
    const last = await page('limit=200');
    expect(last.nextCursor).toBeNull();
    expect(last.items.map((c) => c.id)).toEqual(all.map((c) => c.id));
  });

  it('a walk never repeats a conversation and shows once every one nobody wrote in meanwhile', async () => {
    const before = (await whole()).map((c) => c.id);
    const oldest = before[before.length - 1]!;
    const alreadySeen = before[1]!;
    let added = '';
    const seen = await walk('limit=3', async (n) => {
      // The oldest (not yet shown) and one already shown get a message, and a new conversation starts: each
      // moves before the cursor, so this walk shows none of them again; they lead the next first page.
      if (n === 0) await write(clientIdOf(oldest), 'Bumped while paging');
      if (n === 1) {
        await write(clientIdOf(alreadySeen), 'Seen, then bumped');
        added = await clientWithMessage('Arrived While Paging');
      }
    });
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(before.filter((id) => id !== oldest));
    expect(seen).not.toContain(added);

    const after = await page('limit=3');
    expect(after.total).toBe(before.length + 1);
    expect(after.items.map((c) => c.id)).toEqual([added, alreadySeen, oldest]);
    expect(after.items[2]!.lastMessage!.content).toBe('Bumped while paging');
  });

  it('searches every word in the client (name, e-mail) or the other member, % and _ as themselves', async () => {
    const found = async (q: string) =>
      (await page(`q=${encodeURIComponent(q)}&limit=200`)).items.map((c) => c.title).sort();
    expect(await found('kenai')).toEqual(['Kenai Lodge']);
    expect(await found('KENAI lodge')).toEqual(['Kenai Lodge']);
    expect(await found('kenai@example')).toEqual(['Kenai Lodge']);
    expect(await found('walk 3')).toEqual(['Walk Client 3']);
    expect(await found('client walk')).toHaveLength(WALK_CLIENTS);
    expect(await found('quill')).toEqual(['Marta Quill']);
    expect(await found('hidden')).toEqual([]);
    expect(await found('0%')).toEqual(['Dock 100% outdoor_ready']);
    expect(await found('r_r')).toEqual(['Dock 100% outdoor_ready']);
    expect(await found('%')).toEqual(['Dock 100% outdoor_ready']);
    expect(await found('k_1')).toEqual([]);
    expect(await found('o\'brien \\ "quoted"')).toEqual([]);

    const one = await page('q=walk&limit=2');
    expect(one.total).toBe(WALK_CLIENTS);
    expect(one.items).toHaveLength(2);
    const walked = await walk('q=walk&limit=2');
    expect(walked).toHaveLength(WALK_CLIENTS);
    expect(new Set(walked).size).toBe(WALK_CLIENTS);
  });

  it('a client pages only their own conversation, whatever the search or cursor', async () => {
    const own = await page('limit=5', kenai.token);
    expect(own.total).toBe(1);
    expect(own.items.map((c) => c.id)).toEqual([`client-${kenai.clientId}`]);
    expect(own.items[0]!.title).toBe('Kenai Lodge');
    expect(own.nextCursor).toBeNull();
    expect(await page('q=walk', kenai.token)).toEqual({ items: [], nextCursor: null, total: 0 });
    // A staff cursor carries no rights: past it, the client still sees only what is theirs.
    const staffCursor = (await page('limit=1')).nextCursor!;
    const past = await page(`cursor=${staffCursor}`, kenai.token);
    expect(past.items.every((c) => c.id === `client-${kenai.clientId}`)).toBe(true);
    // The colleague sees the client conversations and their own team one, not the owner's other pairs.
    const theirs = await page('limit=200', colleague.token);
    expect(theirs.items.filter((c) => c.kind === 'team').map((c) => c.title)).toEqual(
      expect.arrayContaining(['Hidden Pair']),
    );
    expect(theirs.total).toBe((await whole(colleague.token)).length);
  });

  it('refuses bad paging input with a message', async () => {
    await refused('limit=0', /limit must be a whole number from 1 to 200/);
    await refused('limit=201', /limit must be a whole number from 1 to 200/);
    await refused('limit=abc', /limit must be a whole number from 1 to 200/);
    await refused('cursor=not-a-cursor', /cursor is not one this list gave out/);
    await refused('cursor=%25%25', /cursor is not one this list gave out/);
    await refused(`cursor=${encodeCursor('payments', ['2026-01-01 00:00:00+00', 1])}`, /cursor is not one/);
    await refused(
      `cursor=${encodeCursor('conversations', ['latest'])}`,
      /cursor is not one this list gave out/,
    );
    await refused('kind=team', /kind/);
    await refused(`q=${'x'.repeat(201)}`, /q/);
  });
});
