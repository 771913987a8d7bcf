import {
  businessToday,
  type TConsultation,
  type TConsultationCounts,
  type TConsultationsPage,
} from '@app/contracts/api/consultations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { pagedList } from '../../test/pages.ts';

/** `GET /api/consultations` paged, searched and filtered on the server (issue 23), and its summary counts. */
describe('consultations list pages', () => {
  let t: TestApp;
  const tomorrow = businessToday(new Date(Date.now() + 24 * 3600_000));
  let seq = 0;

  const request = async (name: string, extra: Record<string, unknown> = {}) => {
    seq++;
    const res = await t.call('POST', '/api/consultations', {
      name,
      email: `consult${seq}@example.com`,
      preferredDate: tomorrow,
      serviceType: 'starlink',
      ...extra,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [newest] = (await t.call('GET', '/api/consultations?limit=1', undefined, t.adminToken)).body
      .items as TConsultation[];
    return newest!.id;
  };
  const patch = async (id: number, body: Record<string, unknown>) => {
    const res = await t.call('PATCH', `/api/consultations/${id}`, body, t.adminToken);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  const { page, walk, refused } = pagedList<TConsultationsPage['items'][number]>(
    () => t,
    '/api/consultations',
    (i) => i.id,
  );

  beforeAll(async () => {
    t = await startTestApp();
    for (let i = 1; i <= 6; i++) await request(`Kenai Caller ${i}`, { description: 'Cabin Starlink' });
    const contacted = await request("Nora O'Brien", {
      phone: '907-555-0199',
      description: 'Cameras 100% outdoor_ready',
    });
    await patch(contacted, { status: 'contacted', archived: true });
    const scheduled = await request('Sam Nome', { description: 'Dock cameras' });
    await patch(scheduled, { status: 'scheduled' });
  });
  afterAll(async () => t?.close());

  it('pages newest first with a total, and nothing is skipped or repeated while requests arrive', async () => {
    const first = await page('limit=3');
    expect(first.total).toBe(8);
    expect(first.items).toHaveLength(3);
    expect(first.items[0]!.name).toBe('Sam Nome');
    expect(first.nextCursor).toEqual(expect.any(String));

    const before = (await page('limit=200')).items.map((i) => i.id);
    const added: number[] = [];
    // A request made between pages is newer than every row: it belongs before the first page, not in the walk.
    const seen = await walk('limit=2', async (n) => {
      if (n < 2) added.push(await request(`Added while paging ${n}`));
    });
    expect(seen).toEqual(before);
    expect(new Set(seen).size).toBe(seen.length);
    const after = await page('limit=200');
    expect(after.total).toBe(8 + added.length);
    expect(after.items.slice(0, added.length).map((i) => i.id)).toEqual([...added].reverse());
    // Without any parameter, the whole array as before.
    const whole = await t.call('GET', '/api/consultations', undefined, t.adminToken);
    expect(whole.body.map((c: TConsultation) => c.id)).toEqual(after.items.map((i) => i.id));
  });

  it('searches every word in the name, e-mail, phone or description, % _ and quotes as themselves', async () => {
    const names = async (q: string) =>
      (await page(`q=${encodeURIComponent(q)}`)).items.map((i) => i.name).sort();
    expect(await names('nome dock')).toEqual(['Sam Nome']);
    expect(await names('CALLER 6')).toEqual(['Kenai Caller 6']);
    expect(await names('555-0199')).toEqual(["Nora O'Brien"]);
    expect(await names('consult7@')).toEqual(["Nora O'Brien"]);
    expect(await names('100%')).toEqual(["Nora O'Brien"]);
    expect(await names('%')).toEqual(["Nora O'Brien"]);
    expect(await names('r_r')).toEqual(["Nora O'Brien"]);
    expect(await names('caller_6')).toEqual([]);
    expect(await names("o'brien")).toEqual(["Nora O'Brien"]);
    expect(await names('o\'brien \\ "quoted"')).toEqual([]);
    expect((await page('q=cabin&limit=1')).total).toBe(6);
  });

  it('filters by set and status, with totals and summary counts to match', async () => {
    const previous = await page('set=previous');
    expect(previous.items.map((i) => i.name)).toEqual(["Nora O'Brien"]);
    expect(previous.total).toBe(1);
    const active = await page('set=active&limit=1');
    expect(active.total).toBe((await page('set=active&limit=200')).items.length);
    const scheduled = await page('set=active&status=scheduled');
    expect(scheduled.items.map((i) => i.name)).toEqual(['Sam Nome']);
    expect(scheduled.total).toBe(1);
    expect((await page('set=previous&status=scheduled')).total).toBe(0);
    expect((await page('status=pending&limit=1')).total).toBe(
      (await page('status=pending&limit=200')).items.length,
    );

    const counts = async (set: string) =>
      (await t.call('GET', `/api/consultations/counts?set=${set}`, undefined, t.adminToken))
        .body as TConsultationCounts;
    const activeRows = (await page('set=active&limit=200')).items;
    expect(await counts('active')).toEqual({
      total: activeRows.length,
      pending: activeRows.filter((c) => c.status === 'pending').length,
      contacted: 0,
      scheduled: 1,
      completed: 0,
      cancelled: 0,
    });
    expect(await counts('previous')).toMatchObject({ total: 1, contacted: 1, pending: 0 });
  });

  it('refuses a bad cursor, limit, filter or unknown parameter with 400 and a clear message', async () => {
    await refused('limit=0', /limit must be a whole number from 1 to 200/);
    await refused('limit=201', /limit must be a whole number from 1 to 200/);
    await refused('cursor=not-a-cursor', /cursor is not one this list gave out/);
    const otherList = Buffer.from(JSON.stringify({ l: 'documents', k: ['2026-01-01', 1] })).toString(
      'base64url',
    );
    await refused(`cursor=${otherList}`, /cursor is not one this list gave out/);
    await refused('status=done', /status/);
    await refused('set=archived', /set/);
    await refused('archived=true', /archived/);
    await refused(`q=${'x'.repeat(201)}`, /q/);
    await refused('set=old', /set/, '/api/consultations/counts');
    await refused('limit=5', /limit/, '/api/consultations/counts');
  });
});
