import type { AddressInfo } from 'node:net';
import type { TDocumentsPage } from '@app/contracts/api/documents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { SIGNATURE_DATA_URL } from '../../test/cast.ts';
import { portalClientWithProject } from '../../test/clients.ts';
import { pagedList } from '../../test/pages.ts';

/** `GET /api/documents` paged, searched and filtered on the server (issue 23). */
describe('documents list pages', () => {
  let t: TestApp;
  let kenai: { token: string; clientId: number; projectId: number };
  let nome: { token: string; clientId: number; projectId: number };
  let origin: string;

  const form = async (projectId: number | null, title: string) => {
    const res = await t.call('POST', '/api/documents', { title, projectId }, t.adminToken);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as number;
  };
  const upload = async (projectId: number, filename: string, title: string) => {
    const body = new FormData();
    body.append('projectId', String(projectId));
    body.append('title', title);
    body.append('file', new Blob([new TextEncoder().encode('plain notes\n')]), filename);
    const res = await fetch(`${origin}/api/documents`, {
      method: 'POST',
      body,
      headers: { authorization: `Bearer ${t.adminToken}` },
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: number }).id;
  };
  const { page, walk, refused } = pagedList<TDocumentsPage['items'][number]>(
    () => t,
    '/api/documents',
    (i) => i.id,
  );

  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    kenai = await portalClientWithProject(t, { name: 'Kenai Lodge', email: 'docpages1@example.com' });
    nome = await portalClientWithProject(t, { name: 'Nome Outfitters', email: 'docpages2@example.com' });
    for (let i = 1; i <= 6; i++) await form(kenai.projectId, `Waiver ${i}`);
    await upload(nome.projectId, 'site_plan 100%.txt', 'Dock plan');
    const signed = await form(nome.projectId, "O'Brien consent");
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/documents/${signed}/sign`,
      headers: { authorization: `Bearer ${nome.token}` },
      payload: { signatureData: SIGNATURE_DATA_URL },
    });
    expect(res.statusCode).toBe(200);
    await form(null, 'Unassigned checklist');
  });
  afterAll(async () => t?.close());

  it('pages newest first with a total, and nothing is skipped or repeated while documents are added', async () => {
    const first = await page('limit=3');
    expect(first.total).toBe(9);
    expect(first.items).toHaveLength(3);
    expect(first.items[0]!.title).toBe('Unassigned checklist');
    expect(first.nextCursor).toEqual(expect.any(String));

    const before = (await page('limit=200')).items.map((i) => i.id);
    const added: number[] = [];
    // A document made between pages is newer than every row: it belongs before the first page, not in the walk.
    const seen = await walk('limit=2', async (n) => {
      if (n < 2) added.push(await form(kenai.projectId, `Added while paging ${n}`));
    });
    expect(seen).toEqual(before);
    expect(new Set(seen).size).toBe(seen.length);
    const after = await page('limit=200');
    expect(after.total).toBe(9 + added.length);
    expect(after.items.slice(0, added.length).map((i) => i.id)).toEqual([...added].reverse());
  });

  it("answers rows with their project's title and client's name, the same as the whole list's", async () => {
    const row = (await page('q=dock')).items[0]!;
    expect(row).toMatchObject({
      title: 'Dock plan',
      type: 'upload',
      filename: 'site_plan 100%.txt',
      projectTitle: 'Job',
      clientName: 'Nome Outfitters',
    });
    const whole = (await t.call('GET', '/api/documents', undefined, t.adminToken)).body as unknown[];
    expect(Array.isArray(whole)).toBe(true);
    expect(whole).toContainEqual(
      Object.fromEntries(Object.entries(row).filter(([k]) => k !== 'projectTitle' && k !== 'clientName')),
    );
    const unassigned = (await page('q=checklist')).items[0]!;
    expect(unassigned).toMatchObject({ projectTitle: null, clientName: null });
  });

  it("searches every word in the title, file name, project's title or client's name, % _ and quotes as themselves", async () => {
    const titles = async (q: string) =>
      (await page(`q=${encodeURIComponent(q)}`)).items.map((i) => i.title).sort();
    expect(await titles('nome')).toEqual(['Dock plan', "O'Brien consent"]);
    expect(await titles('outfitters plan')).toEqual(['Dock plan']);
    expect(await titles('WAIVER 6')).toEqual(['Waiver 6']);
    expect(await titles('100%')).toEqual(['Dock plan']);
    expect(await titles('%')).toEqual(['Dock plan']);
    expect(await titles('e_p')).toEqual(['Dock plan']);
    expect(await titles('waiver_6')).toEqual([]);
    expect(await titles("o'brien")).toEqual(["O'Brien consent"]);
    expect(await titles('o\'brien \\ "quoted"')).toEqual([]);
    expect((await page('q=kenai&limit=1')).total).toBeGreaterThanOrEqual(6);
  });

  it('filters by type, status, project and client, with totals to match', async () => {
    const uploads = await page('type=upload');
    expect(uploads.items.map((i) => i.title)).toEqual(['Dock plan']);
    expect(uploads.total).toBe(1);
    const signedForms = await page('type=form&status=completed');
    expect(signedForms.items.map((i) => i.title)).toEqual(["O'Brien consent"]);
    expect(signedForms.total).toBe(1);
    const ofProject = await page(`projectId=${nome.projectId}`);
    expect(ofProject.items.map((i) => i.title).sort()).toEqual(['Dock plan', "O'Brien consent"]);
    expect(ofProject.total).toBe(2);
    const kenais = await page(`clientId=${kenai.clientId}&limit=1`);
    expect(kenais.total).toBe((await page(`clientId=${kenai.clientId}&limit=200`)).items.length);
    const pending = await page('status=pending&limit=1');
    expect(pending.total).toBe((await page('status=pending&limit=200')).items.length);
  });

  it("a client's pages hold only their own documents, whatever they name", async () => {
    const own = await page(`clientId=${kenai.clientId}&limit=200`, nome.token);
    expect(own.items.length).toBe(2);
    expect(own.items.every((i) => i.clientId === nome.clientId)).toBe(true);
    expect(own.total).toBe(2);
    // A cursor of the admin's pages gives the client nothing of anyone else's.
    const adminCursor = (await page('limit=1')).nextCursor!;
    const followed = await page(`limit=200&cursor=${adminCursor}`, nome.token);
    expect(followed.items.every((i) => i.clientId === nome.clientId)).toBe(true);
  });

  it('refuses a bad cursor, limit, filter or unknown parameter with 400 and a clear message', async () => {
    await refused('limit=0', /limit must be a whole number from 1 to 200/);
    await refused('limit=201', /limit must be a whole number from 1 to 200/);
    await refused('limit=abc', /limit must be a whole number from 1 to 200/);
    await refused('cursor=not-a-cursor', /cursor is not one this list gave out/);
    const otherList = Buffer.from(JSON.stringify({ l: 'projects', k: ['2026-01-01', 1] })).toString(
      'base64url',
    );
    await refused(`cursor=${otherList}`, /cursor is not one this list gave out/);
    const badKey = Buffer.from(JSON.stringify({ l: 'documents', k: ['yesterday', 1] })).toString('base64url');
    await refused(`cursor=${badKey}`, /cursor is not one this list gave out/);
    await refused('type=video', /type/);
    await refused('status=signed', /status/);
    await refused('projectId=abc', /projectId/);
    await refused('sort=title', /sort/);
    await refused(`q=${'x'.repeat(201)}`, /q/);
  });
});
