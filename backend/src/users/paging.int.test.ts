import type { TUser, TUsersPage } from '@app/contracts/api/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { eventually } from '../../test/eventually.ts';
import { pagedList } from '../../test/pages.ts';

/** `GET /api/users` paged, searched and split into staff and clients on the server (issue 23). */
describe('users list pages', () => {
  let t: TestApp;
  let kim: { id: number };

  const account = (firstName: string, lastName: string, role: 'admin' | 'user' | 'client') =>
    t.createUser({
      firstName,
      lastName,
      role,
      email: `${firstName}.${lastName.replace(/[^a-z0-9]/gi, '')}@example.com`.toLowerCase(),
    });
  const { page, walk, refused } = pagedList<TUsersPage['items'][number]>(
    () => t,
    '/api/users',
    (u) => nameOf(u),
  );
  const nameOf = (u: TUser) => `${u.firstName} ${u.lastName}`.trim();
  const names = async (query: string) => (await page(`${query}&limit=200`)).items.map(nameOf);

  beforeAll(async () => {
    t = await startTestApp();
    // The first admin ('Admin', no last name) is there already.
    await account('Ada', 'Birch', 'user');
    await account('Cy', 'alder', 'admin');
    await account('Dee', 'Spruce_Tree', 'user');
    kim = await account('Kim', 'Tanana 100%', 'client');
    await account('Pat', "O'Hara", 'client');
    await account('Lee', 'Nome', 'client');
  });
  afterAll(async () => t?.close());

  it('pages staff by name with their total, and nothing is skipped or repeated while accounts are added', async () => {
    const first = await page('kind=staff&limit=2');
    expect(first.total).toBe(4);
    expect(first.items.map(nameOf)).toEqual(['Admin', 'Cy alder']);
    expect(first.items.every((u) => u.role !== 'client')).toBe(true);

    const before = await names('kind=staff');
    expect(before).toEqual(['Admin', 'Cy alder', 'Ada Birch', 'Dee Spruce_Tree']);
    const added: string[] = [];
    // Staff added between pages show in the walk if their name comes after the page shown; clients never.
    const seen = await walk('kind=staff&limit=2', async (n) => {
      if (n < 2) {
        await account('Abe', `Aardvark${n}`, 'user');
        await account('Zed', `Zulu${n}`, 'admin');
        await account('Mo', `Zulu${n}`, 'client');
        added.push(`Zed Zulu${n}`);
      }
    });
    expect(seen).toEqual([...before, ...added]);
    expect(new Set(seen).size).toBe(seen.length);
    const after = await page('kind=staff&limit=200');
    expect(after.total).toBe(before.length + 4);
    expect(after.items.length).toBe(after.total);
  });

  it('keeps staff and clients apart, with totals from the counters that follow role changes and deletions', async () => {
    const staff = await page('kind=staff&limit=1');
    const clients = await page('kind=client&limit=1');
    const everyone = await page('limit=1');
    expect(clients.total).toBe(5);
    expect(everyone.total).toBe(staff.total + clients.total);
    expect(await names('kind=client')).toEqual([
      'Lee Nome',
      "Pat O'Hara",
      'Kim Tanana 100%',
      'Mo Zulu0',
      'Mo Zulu1',
    ]);
    expect((await page('kind=client&limit=200')).items.every((u) => u.role === 'client')).toBe(true);
    expect((await page('role=admin&limit=200')).items.map(nameOf)).toEqual([
      'Admin',
      'Cy alder',
      'Zed Zulu0',
      'Zed Zulu1',
    ]);
    expect((await page('role=admin')).total).toBe(4);
    expect((await page('kind=staff&role=user')).total).toBe(staff.total - 4);
    expect(await page('kind=client&role=admin')).toEqual({ items: [], nextCursor: null, total: 0 });

    const made = await t.call('PUT', `/api/users/${kim.id}/role`, { role: 'admin' }, t.adminToken);
    expect([200, 202]).toContain(made.status);
    await eventually('the counters moved', async () => (await page('kind=client')).total === 4);
    expect((await page('kind=staff')).total).toBe(staff.total + 1);
    expect(await names('kind=staff&q=tanana')).toEqual(['Kim Tanana 100%']);
    const gone = await t.call('DELETE', `/api/users/${kim.id}`, undefined, t.adminToken);
    expect(gone.status).toBe(200);
    await eventually('the counter moved', async () => (await page('kind=staff')).total === staff.total);
    expect((await page('limit=1')).total).toBe(everyone.total - 1);

    // Without a query, every account as before.
    const all = await t.call('GET', '/api/users', undefined, t.adminToken);
    expect(Array.isArray(all.body)).toBe(true);
    expect((all.body as TUser[]).length).toBe(everyone.total - 1);
  });

  it('searches every word in the name and e-mail, % and _ as themselves, within the kind asked', async () => {
    await account('Rae', 'Dock 100%', 'client');
    expect(await names('q=nome')).toEqual(['Lee Nome']);
    expect(await names('q=PAT HARA')).toEqual(["Pat O'Hara"]);
    expect(await names("q=o'hara")).toEqual(["Pat O'Hara"]);
    expect(await names('q=ada.birch%40example')).toEqual(['Ada Birch']);
    expect(await names('q=100%25')).toEqual(['Rae Dock 100%']);
    expect(await names('q=%25')).toEqual(['Rae Dock 100%']);
    expect(await names('q=e_t')).toEqual(['Dee Spruce_Tree']);
    expect(await names('q=zulu&kind=staff')).toEqual(['Zed Zulu0', 'Zed Zulu1']);
    expect(await names('q=zulu&kind=client')).toEqual(['Mo Zulu0', 'Mo Zulu1']);
    expect(await names(`q=${encodeURIComponent('o\'hara \\ "quoted"')}`)).toEqual([]);
    const searched = await page('q=zulu&limit=1');
    expect(searched.total).toBe(4);
    expect(searched.nextCursor).toEqual(expect.any(String));
  });

  it('is for admins only, and refuses a bad cursor, limit, kind, role, long search or unknown parameter with 400', async () => {
    const staffer = await account('Nia', 'Staff', 'user');
    const token = await t.activate(staffer.email, staffer.temporaryPassword);
    expect((await t.call('GET', '/api/users?kind=staff', undefined, token)).status).toBe(403);
    expect((await t.call('GET', '/api/users?kind=staff', undefined, null)).status).toBe(401);

    await refused('limit=0', /limit must be a whole number from 1 to 200/);
    await refused('limit=201', /limit must be a whole number from 1 to 200/);
    await refused('limit=1.5', /limit must be a whole number from 1 to 200/);
    await refused('cursor=not-a-cursor', /cursor is not one this list gave out/);
    const otherList = Buffer.from(JSON.stringify({ l: 'clients', k: ['a', 1] })).toString('base64url');
    await refused(`cursor=${otherList}`, /cursor is not one this list gave out/);
    const badKey = Buffer.from(JSON.stringify({ l: 'users', k: ['a', 1] })).toString('base64url');
    await refused(`cursor=${badKey}`, /cursor is not one this list gave out/);
    await refused('kind=vendor', /kind must be one of staff, client/);
    await refused('role=owner', /role must be one of admin, user, client/);
    await refused('sort=email', /sort/);
    await refused(`q=${'x'.repeat(201)}`, /q/);
    expect((await page(`q=${'x'.repeat(200)}`)).items).toEqual([]);
  });
});
