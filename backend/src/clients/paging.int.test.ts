import type { TClient, TClientsPage } from '@app/contracts/api/clients';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { pagedList } from '../../test/pages.ts';

/** `GET /api/clients` paged and searched on the server (issue 23). */
describe('clients list pages', () => {
  let t: TestApp;
  let seq = 0;

  const client = async (name: string, extra: Record<string, unknown> = {}) => {
    seq++;
    const res = await t.call(
      'POST',
      '/api/clients',
      { name, email: `clientpages${seq}@example.com`, userType: 'client', portalAccess: false, ...extra },
      t.adminToken,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.client.id as number;
  };
  const { page, walk, refused } = pagedList<TClientsPage['items'][number]>(
    () => t,
    '/api/clients',
    (i) => i.name,
  );
  const names = async (q: string) =>
    (await page(`q=${encodeURIComponent(q)}&limit=200`)).items.map((i) => i.name).sort();

  let nome: number;

  beforeAll(async () => {
    t = await startTestApp();
    // Mixed case on purpose: the list is by name whatever its case.
    for (const name of ['birch Supply', 'Alder Co', 'cedar Cabins', 'Denali Dock', 'Eagle Eye'])
      await client(name);
    nome = await client('Nome 100% outdoor_ready', {
      phone: '(907) 555-0142',
      address: '3 Front St, Nome, AK',
    });
    await client("O'Brien Hardware", { phone: '907-555-0199' });
    await t.call('POST', '/api/projects', { clientId: nome, title: 'Mast', type: 'starlink' }, t.adminToken);
    await t.call('POST', '/api/projects', { clientId: nome, title: 'Dock', type: 'starlink' }, t.adminToken);
  });
  afterAll(async () => t?.close());

  it('pages by name whatever its case, with a total, and nothing is skipped or repeated while clients are added', async () => {
    const first = await page('limit=3');
    expect(first.total).toBe(7);
    expect(first.items.map((i) => i.name)).toEqual(['Alder Co', 'birch Supply', 'cedar Cabins']);
    expect(first.nextCursor).toEqual(expect.any(String));

    const before = (await page('limit=200')).items.map((i) => i.name);
    const added: string[] = [];
    // A client added between pages shows in the walk if their name comes after the page shown, else not.
    const seen = await walk('limit=2', async (n) => {
      if (n < 2) {
        await client(`Aaron ${n}`);
        const late = `Zeta ${n}`;
        await client(late);
        added.push(late);
      }
    });
    expect(seen).toEqual([...before, ...added]);
    expect(new Set(seen).size).toBe(seen.length);
    const after = await page('limit=200');
    expect(after.total).toBe(before.length + 4);
    expect(after.items.slice(0, 2).map((i) => i.name)).toEqual(['Aaron 0', 'Aaron 1']);
    // Z-A walks the same list backwards.
    expect(await walk('limit=3&sort=-name')).toEqual(after.items.map((i) => i.name).reverse());
  });

  it("answers the client's details, version and project count; the whole array without a query", async () => {
    const row = (await page('q=outdoor')).items[0]!;
    expect(row).toMatchObject({
      id: nome,
      name: 'Nome 100% outdoor_ready',
      phone: '(907) 555-0142',
      address: '3 Front St, Nome, AK',
      userId: null,
      projectCount: 2,
      version: expect.any(Number),
    });
    expect((await page('q=birch')).items[0]!.projectCount).toBe(0);
    const all = await t.call('GET', '/api/clients', undefined, t.adminToken);
    expect(Array.isArray(all.body)).toBe(true);
    expect((all.body as TClient[]).length).toBe((await page('limit=1')).total);
    expect(all.body[0]).not.toHaveProperty('projectCount');
  });

  it('searches every word in the name, e-mail, phone, address or project type, % and _ as themselves', async () => {
    expect(await names('nome')).toEqual(['Nome 100% outdoor_ready']);
    expect(await names('FRONT nome')).toEqual(['Nome 100% outdoor_ready']);
    expect(await names('907 555 0142')).toEqual(['Nome 100% outdoor_ready']);
    // A word typed like a phone number is compared digit by digit too.
    expect(await names('907-555')).toEqual(["O'Brien Hardware", 'Nome 100% outdoor_ready'].sort());
    expect(await names('907555')).toEqual(["O'Brien Hardware", 'Nome 100% outdoor_ready'].sort());
    expect(await names('(907)555-014')).toEqual(['Nome 100% outdoor_ready']);
    expect(await names('x907')).toEqual([]);
    expect(await names('clientpages2@')).toEqual(['Alder Co']);
    expect(await names('starlink')).toEqual(['Nome 100% outdoor_ready']);
    expect(await names('100%')).toEqual(['Nome 100% outdoor_ready']);
    expect(await names('%')).toEqual(['Nome 100% outdoor_ready']);
    expect(await names('r_r')).toEqual(['Nome 100% outdoor_ready']);
    expect(await names('r_')).toEqual(['Nome 100% outdoor_ready']);
    expect(await names("o'brien")).toEqual(["O'Brien Hardware"]);
    expect(await names('o\'brien \\ "quoted"')).toEqual([]);
    expect(await names('nobody-here')).toEqual([]);
    const searched = await page('q=dock&limit=1');
    expect(searched.total).toBe(1);
    expect(searched.nextCursor).toBeNull();
  });

  it('is for admins only, and refuses a bad cursor, limit, sort, long search or unknown parameter with 400', async () => {
    const portal = await t.call(
      'POST',
      '/api/clients',
      { name: 'Portal Person', email: 'portal-person@example.com', userType: 'client', portalAccess: true },
      t.adminToken,
    );
    const token = await t.activate(portal.body.user.email, portal.body.temporaryPassword);
    expect((await t.call('GET', '/api/clients?limit=5', undefined, token)).status).toBe(403);
    expect((await t.call('GET', '/api/clients?limit=5', undefined, null)).status).toBe(401);

    await refused('limit=0', /limit must be a whole number from 1 to 200/);
    await refused('limit=201', /limit must be a whole number from 1 to 200/);
    await refused('limit=abc', /limit must be a whole number from 1 to 200/);
    await refused('cursor=not-a-cursor', /cursor is not one this list gave out/);
    await refused('cursor=%25%25', /cursor is not one this list gave out/);
    const otherList = Buffer.from(JSON.stringify({ l: 'projects', k: ['a', 1] })).toString('base64url');
    await refused(`cursor=${otherList}`, /cursor is not one this list gave out/);
    const badKey = Buffer.from(JSON.stringify({ l: 'clients', k: [1, 'a'] })).toString('base64url');
    await refused(`cursor=${badKey}`, /cursor is not one this list gave out/);
    // A cursor of the A-Z list is not one of the Z-A list.
    const azCursor = (await page('limit=1')).nextCursor!;
    await refused(`sort=-name&cursor=${azCursor}`, /cursor is not one this list gave out/);
    await refused('sort=email', /sort/);
    await refused('status=active', /status/);
    await refused(`q=${'x'.repeat(201)}`, /q/);
    expect((await page(`q=${'x'.repeat(200)}`)).items).toEqual([]);
  });
});
