import { WHOLE_LIST_MAX } from '@app/contracts/api/paging';
import type { TProjectCounts, TProjectsPage } from '@app/contracts/api/projects';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { pagedList } from '../../test/pages.ts';

/** `GET /api/projects` paged, searched and filtered on the server (issue 23). */
describe('projects list pages', () => {
  let t: TestApp;
  let kenai: { id: number; token: string };
  let nome: { id: number };
  let seq = 0;

  const client = async (name: string, portal = false) => {
    seq++;
    const res = await t.call(
      'POST',
      '/api/clients',
      { name, email: `pages${seq}@example.com`, userType: 'client', portalAccess: portal },
      t.adminToken,
    );
    expect(res.status).toBe(201);
    const token = portal ? await t.activate(res.body.user.email, res.body.temporaryPassword) : '';
    return { id: res.body.client.id as number, token };
  };
  const create = async (clientId: number, title: string, extra: Record<string, unknown> = {}) => {
    const res = await t.call(
      'POST',
      '/api/projects',
      { clientId, title, type: 'starlink', ...extra },
      t.adminToken,
    );
    expect(res.status).toBe(201);
    return res.body.id as number;
  };
  const { page, walk, refused } = pagedList<TProjectsPage['items'][number]>(
    () => t,
    '/api/projects',
    (i) => i.id,
  );

  beforeAll(async () => {
    t = await startTestApp();
    kenai = await client('Kenai Lodge', true);
    nome = await client('Nome Outfitters');
    for (let i = 1; i <= 7; i++) await create(kenai.id, `Starlink kit ${i}`);
    await create(nome.id, 'Cameras 100% outdoor_ready', { type: 'security', description: 'Dock and shed' });
    await create(nome.id, 'Website', { type: 'website', status: 'cancelled' });
  });
  afterAll(async () => t?.close());

  it('pages newest first with a total, and nothing is skipped or repeated while projects are added', async () => {
    const first = await page('limit=3');
    expect(first.total).toBe(9);
    expect(first.items).toHaveLength(3);
    expect(first.items[0]!.title).toBe('Website');
    expect(first.nextCursor).toEqual(expect.any(String));

    const before = (await page('limit=200')).items.map((i) => i.id);
    const added: number[] = [];
    // A project made between pages is newer than every row: it belongs before the first page, not in the walk.
    const seen = await walk('limit=2', async (n) => {
      if (n < 2) added.push(await create(kenai.id, `Added while paging ${n}`));
    });
    expect(seen).toEqual(before);
    expect(new Set(seen).size).toBe(seen.length);
    const after = await page('limit=200');
    expect(after.total).toBe(9 + added.length);
    expect(after.items.slice(0, added.length).map((i) => i.id)).toEqual([...added].reverse());
  });

  it('answers list rows: the cover thumbnail and photo count, the description cut short', async () => {
    const row = (await page('q=outdoor')).items[0]!;
    expect(row).toMatchObject({ clientName: 'Nome Outfitters', photoCount: 0, coverThumbnailUrl: null });
    expect(row).not.toHaveProperty('photos');
    expect(row).not.toHaveProperty('notes');
  });

  it('searches every word in the title, description or client name, % and _ as themselves', async () => {
    const titles = async (q: string) =>
      (await page(`q=${encodeURIComponent(q)}`)).items.map((i) => i.title).sort();
    expect(await titles('nome')).toEqual(['Cameras 100% outdoor_ready', 'Website']);
    expect(await titles('outfitters shed')).toEqual(['Cameras 100% outdoor_ready']);
    expect(await titles('KIT 7')).toEqual(['Starlink kit 7']);
    expect(await titles('100%')).toEqual(['Cameras 100% outdoor_ready']);
    expect(await titles('%')).toEqual(['Cameras 100% outdoor_ready']);
    expect(await titles('r_r')).toEqual(['Cameras 100% outdoor_ready']);
    expect(await titles('kit_7')).toEqual([]);
    expect(await titles('o\'brien \\ "quoted"')).toEqual([]);
    expect((await page('q=kenai&limit=1')).total).toBeGreaterThanOrEqual(7);
  });

  it('filters by status, type and client, with totals to match', async () => {
    const cancelled = await page('status=cancelled');
    expect(cancelled.items.map((i) => i.title)).toEqual(['Website']);
    expect(cancelled.total).toBe(1);
    const security = await page('type=security');
    expect(security.items.map((i) => i.title)).toEqual(['Cameras 100% outdoor_ready']);
    const notStarlink = await page('exceptType=starlink&limit=200');
    expect(notStarlink.items.map((i) => i.title).sort()).toEqual(['Cameras 100% outdoor_ready', 'Website']);
    expect(notStarlink.total).toBe(2);
    const nomes = await page(`clientId=${nome.id}&status=cancelled`);
    expect(nomes.total).toBe(1);
    const kenais = await page(`clientId=${kenai.id}&limit=1`);
    expect(kenais.total).toBe((await page(`clientId=${kenai.id}&limit=200`)).items.length);
  });

  it("keeps the tracking counts, and a client's pages hold only their own projects", async () => {
    const counts = (await t.call('GET', '/api/projects/counts', undefined, t.adminToken))
      .body as TProjectCounts;
    const all = (await page('limit=200')).items;
    expect(counts.total).toBe(all.length);
    expect(counts.cancelled).toBe(all.filter((p) => p.status === 'cancelled').length);
    expect(counts.pending).toBe(all.filter((p) => p.status === 'pending' || p.status === 'approved').length);

    const own = await page(`clientId=${nome.id}&limit=200`, kenai.token);
    expect(own.items.length).toBeGreaterThan(0);
    expect(own.items.every((i) => i.clientId === kenai.id)).toBe(true);
    expect(own.total).toBe(own.items.length);
    // A cursor of the admin's pages gives the client nothing of anyone else's.
    const adminCursor = (await page('limit=1')).nextCursor!;
    const followed = await page(`limit=200&cursor=${adminCursor}`, kenai.token);
    expect(followed.items.every((i) => i.clientId === kenai.id)).toBe(true);
    const refused = await t.call('GET', '/api/projects/counts', undefined, kenai.token);
    expect(refused.status).toBe(403);
  });

  it('keeps a page between changes: tagged, 304 to a browser that has it, a change shown at once, never across callers', async () => {
    const get = (url: string, token: string, tag?: string) =>
      t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${token}`, ...(tag && { 'if-none-match': tag }) },
      });
    const first = await get('/api/projects?limit=2', t.adminToken);
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^W\//);
    // The same page in another order of parameters is the same kept answer.
    expect((await get('/api/projects?limit=2&', t.adminToken)).headers.etag).toBe(tag);
    expect((await get('/api/projects?limit=2', t.adminToken, tag)).statusCode).toBe(304);

    const id = await create(nome.id, 'Kept page buster');
    const changed = await get('/api/projects?limit=2', t.adminToken, tag);
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(tag);
    expect(JSON.parse(changed.body).items[0].id).toBe(id);

    // The client asks the very same address: their own page, never the staff's kept one.
    const own = JSON.parse((await get('/api/projects?limit=2', kenai.token)).body);
    expect(own.items.every((i: { clientId: number }) => i.clientId === kenai.id)).toBe(true);
    expect(own.total).toBeLessThan(JSON.parse(changed.body).total);
    // A search is made for each asking, not kept.
    expect((await get('/api/projects?q=kept', t.adminToken)).headers.etag).toBeUndefined();
  });

  it('answers a whole list longer than the most it answers whole with 400, naming the paging parameters', async () => {
    const counters = sql.table('rm.projects_counts');
    const whole = () => t.call('GET', '/api/projects', undefined, t.adminToken);
    expect((await whole()).status).toBe(200);
    // The kept counter says how long the list is (made to say it here: 5,001 projects are slow to make).
    await sql`UPDATE ${counters} SET n = n + ${WHOLE_LIST_MAX} WHERE key = ''`.execute(t.deps.db);
    try {
      const refused = await whole();
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(
        /^There are \d+ projects: ask for them a page at a time \(\?limit=/,
      );
      expect((await page('limit=1')).items).toHaveLength(1);
    } finally {
      await sql`UPDATE ${counters} SET n = n - ${WHOLE_LIST_MAX} WHERE key = ''`.execute(t.deps.db);
    }
  });

  it('refuses a bad cursor, limit, filter or unknown parameter with 400 and a clear message', async () => {
    await refused('limit=0', /limit must be a whole number from 1 to 200/);
    await refused('limit=201', /limit must be a whole number from 1 to 200/);
    await refused('limit=abc', /limit must be a whole number from 1 to 200/);
    await refused('cursor=not-a-cursor', /cursor is not one this list gave out/);
    await refused('cursor=%25%25', /cursor is not one this list gave out/);
    const otherList = Buffer.from(JSON.stringify({ l: 'payments', k: ['2026-01-01', 1] })).toString(
      'base64url',
    );
    await refused(`cursor=${otherList}`, /cursor is not one this list gave out/);
    const badKey = Buffer.from(JSON.stringify({ l: 'projects', k: ['yesterday', 1] })).toString('base64url');
    await refused(`cursor=${badKey}`, /cursor is not one this list gave out/);
    await refused('status=finished', /status/i);
    await refused('sort=title', /sort/);
    await refused(`q=${'x'.repeat(201)}`, /q/);
  });
});
