import type { TEstimatesPage } from '@app/contracts/api/estimates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { portalClientWithProject } from '../../test/clients.ts';
import { pagedList } from '../../test/pages.ts';

/** `GET /api/estimates` paged, searched, filtered and sorted on the server (issue 23). */
describe('estimates list pages', () => {
  let t: TestApp;
  let kenai: { token: string; clientId: number; projectId: number };
  let nome: { token: string; clientId: number; projectId: number };

  const create = async (clientId: number, title: string, extra: Record<string, unknown> = {}) => {
    const res = await t.call(
      'POST',
      '/api/estimates',
      {
        title,
        jobName: 'Cabin',
        clientId,
        cameraType: 'wired',
        cameraCount: 2,
        wireLength: 50,
        propertyType: 'house',
        location: 'Anchorage',
        ...extra,
      },
      t.adminToken,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: number; quoteNumber: string };
  };
  const { page, walk, refused } = pagedList<TEstimatesPage['items'][number]>(
    () => t,
    '/api/estimates',
    (i) => i.id,
  );
  let sentQuote: string;

  beforeAll(async () => {
    t = await startTestApp();
    kenai = await portalClientWithProject(t, { name: 'Kenai Lodge', email: 'estpages1@example.com' });
    nome = await portalClientWithProject(t, { name: 'Nome Outfitters', email: 'estpages2@example.com' });
    for (let i = 1; i <= 6; i++) await create(kenai.clientId, `Cabin cameras kit-${i}`, { cameraCount: i });
    const sent = await create(nome.clientId, "O'Brien dish 100%_ready", {
      cameraType: 'none',
      cameraCount: 0,
      starlinkInstall: true,
      location: 'Dock road',
    });
    sentQuote = sent.quoteNumber;
    expect((await t.call('POST', `/api/estimates/${sent.id}/send`, undefined, t.adminToken)).status).toBe(
      200,
    );
    await create(nome.clientId, 'Shed survey', { jobName: 'Shed', location: 'Nome' });
  });
  afterAll(async () => t?.close());

  it('pages newest first with a total, and nothing is skipped or repeated while estimates are added', async () => {
    const first = await page('limit=3');
    expect(first.total).toBe(8);
    expect(first.items).toHaveLength(3);
    expect(first.items[0]!.title).toBe('Shed survey');
    expect(first.nextCursor).toEqual(expect.any(String));

    const before = (await page('limit=200')).items.map((i) => i.id);
    const added: number[] = [];
    // An estimate made between pages is newer than every row: it belongs before the first page, not in the walk.
    const seen = await walk('limit=2', async (n) => {
      if (n < 2) added.push((await create(kenai.clientId, `Added while paging ${n}`)).id);
    });
    expect(seen).toEqual(before);
    expect(new Set(seen).size).toBe(seen.length);
    const after = await page('limit=200');
    expect(after.total).toBe(8 + added.length);
    expect(after.items.slice(0, added.length).map((i) => i.id)).toEqual([...added].reverse());
  });

  it('sorts by highest total and by title, paging each without skipping or repeating', async () => {
    const all = (await page('limit=200')).items;
    const byCost = await walk('limit=3&sort=cost');
    expect(byCost).toEqual(
      [...all].sort((a, b) => b.totalCents - a.totalCents || b.id - a.id).map((e) => e.id),
    );
    const byTitle = await walk('limit=3&sort=title');
    const collator = (a: string, b: string) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1);
    expect(byTitle).toEqual(
      [...all].sort((a, b) => collator(a.title, b.title) || a.id - b.id).map((e) => e.id),
    );
  });

  it("searches every word in the quote number, title, job, location, client's name or project's title; % _ and quotes as themselves", async () => {
    const titles = async (q: string) =>
      (await page(`q=${encodeURIComponent(q)}`)).items.map((i) => i.title).sort();
    expect(await titles('nome')).toEqual(["O'Brien dish 100%_ready", 'Shed survey']);
    expect(await titles('outfitters dock')).toEqual(["O'Brien dish 100%_ready"]);
    expect(await titles(sentQuote)).toEqual(["O'Brien dish 100%_ready"]);
    expect(await titles('CAMERAS KIT-6')).toEqual(['Cabin cameras kit-6']);
    expect(await titles('100%')).toEqual(["O'Brien dish 100%_ready"]);
    expect(await titles('%')).toEqual(["O'Brien dish 100%_ready"]);
    expect(await titles('%_r')).toEqual(["O'Brien dish 100%_ready"]);
    expect(await titles('kit_6')).toEqual([]);
    expect(await titles("o'brien")).toEqual(["O'Brien dish 100%_ready"]);
    expect(await titles('o\'brien \\ "quoted"')).toEqual([]);
    expect((await page('q=kenai&limit=1')).total).toBeGreaterThanOrEqual(6);
  });

  it('filters by status, client and what the quote includes, with totals to match', async () => {
    const sent = await page('status=sent');
    expect(sent.items.map((i) => i.title)).toEqual(["O'Brien dish 100%_ready"]);
    expect(sent.total).toBe(1);
    const starlink = await page('includes=starlink');
    expect(starlink.items.map((i) => i.title)).toEqual(["O'Brien dish 100%_ready"]);
    expect(starlink.total).toBe(1);
    const cameras = await page('includes=cameras&limit=1');
    expect(cameras.total).toBe((await page('includes=cameras&limit=200')).items.length);
    expect((await page('includes=cameras&limit=200')).items.every((e) => e.cameraCount > 0)).toBe(true);
    const nomes = await page(`clientId=${nome.clientId}&status=draft`);
    expect(nomes.items.map((i) => i.title)).toEqual(['Shed survey']);
    expect(nomes.total).toBe(1);
    const kenais = await page(`clientId=${kenai.clientId}&limit=1`);
    expect(kenais.total).toBe((await page(`clientId=${kenai.clientId}&limit=200`)).items.length);
  });

  it("a client's pages hold only their own quotes once sent, without the pricing", async () => {
    const own = await page(`clientId=${kenai.clientId}&limit=200`, nome.token);
    expect(own.items.map((i) => i.title)).toEqual(["O'Brien dish 100%_ready"]);
    expect(own.total).toBe(1);
    expect(own.items[0]!.pricing).toBeNull();
    // A cursor of the admin's pages gives the client nothing of anyone else's.
    const adminCursor = (await page('limit=1')).nextCursor!;
    const followed = await page(`limit=200&cursor=${adminCursor}`, nome.token);
    expect(followed.items.every((i) => i.clientId === nome.clientId && i.status !== 'draft')).toBe(true);
    expect((await page('limit=5', kenai.token)).items).toEqual([]);
  });

  it('refuses a bad cursor, limit, filter, sort or unknown parameter with 400 and a clear message', async () => {
    await refused('limit=0', /limit must be a whole number from 1 to 200/);
    await refused('limit=201', /limit must be a whole number from 1 to 200/);
    await refused('cursor=not-a-cursor', /cursor is not one this list gave out/);
    const dateCursor = (await page('limit=1')).nextCursor!;
    // A cursor of one order is not one of another.
    await refused(`sort=cost&cursor=${dateCursor}`, /cursor is not one this list gave out/);
    const badKey = Buffer.from(JSON.stringify({ l: 'estimates-date', k: ['yesterday', 1] })).toString(
      'base64url',
    );
    await refused(`cursor=${badKey}`, /cursor is not one this list gave out/);
    await refused('status=open', /status/);
    await refused('includes=boats', /includes/);
    await refused('sort=price', /sort/);
    await refused('clientId=abc', /clientId/);
    await refused('type=form', /type/);
    await refused(`q=${'x'.repeat(201)}`, /q/);
  });
});
