import type { TPayment } from '@app/contracts/api/invoices';
import type { TAppointment } from '@app/contracts/api/portal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { portalClientWithProject } from '../../test/clients.ts';
import { eventually } from '../../test/eventually.ts';
import { pagedList } from '../../test/pages.ts';

/**
 * The portal's invoices and appointments paged on the server (issue 23): a client pages over their own rows
 * only, whatever cursor or filter they send; staff page any client's through `/client/{clientId}`.
 */
describe('portal lists page', () => {
  let t: TestApp;
  let mine: Awaited<ReturnType<typeof portalClientWithProject>>;
  let theirs: Awaited<ReturnType<typeof portalClientWithProject>>;

  const invoices = pagedList<TPayment>(
    () => t,
    '/api/payments/client',
    (i) => i.id,
    () => mine.token,
  );
  const appointments = pagedList<TAppointment>(
    () => t,
    '/api/appointments/client',
    (a) => a.id,
    () => mine.token,
  );

  const issue = async (projectId: number, description: string) => {
    const res = await t.call('POST', '/api/invoices', { projectId, amount: 100, description }, t.adminToken);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as number;
  };
  const schedule = async (who: { clientId: number; projectId: number }, day: string, title: string) => {
    const res = await t.call(
      'POST',
      '/api/appointments',
      {
        title,
        description: 'Visit',
        clientId: who.clientId,
        projectId: who.projectId,
        scheduledDate: day,
        startTime: '09:00',
        endTime: '10:00',
        type: 'installation',
        location: 'Cabin',
      },
      t.adminToken,
    );
    expect([201, 202], JSON.stringify(res.body)).toContain(res.status);
    return res.body.id as number;
  };
  const whole = async (path: string, token: string) => {
    const res = await t.call('GET', path, undefined, token);
    expect(res.status).toBe(200);
    return (res.body as { id: number }[]).map((r) => r.id);
  };

  beforeAll(async () => {
    t = await startTestApp();
    mine = await portalClientWithProject(t, { name: 'Iris Paging', email: 'portal-pages1@example.com' });
    theirs = await portalClientWithProject(t, { name: 'Otto Paging', email: 'portal-pages2@example.com' });
    for (let n = 1; n <= 5; n++) await issue(mine.projectId, `Mine ${n}`);
    await issue(theirs.projectId, 'Theirs 1');
    for (const [n, day] of ['2026-03-01', '2026-04-01', '2026-05-01', '2026-06-01'].entries())
      await schedule(mine, day, `Mine visit ${n + 1}`);
    await schedule(theirs, '2026-04-15', 'Their visit');
    await eventually('the lists projected', async () => {
      const [i, a] = await Promise.all([
        whole('/api/payments/client', mine.token),
        whole('/api/appointments/client', mine.token),
      ]);
      return i.length === 5 && a.length === 4;
    });
  });
  afterAll(async () => t?.close());

  it('pages a client over their own invoices, newest first, nothing skipped or repeated while one is added', async () => {
    const first = await invoices.page('limit=2');
    expect(first.total).toBe(5);
    expect(first.items.map((i) => i.description)).toEqual(['Mine 5', 'Mine 4']);
    let added = 0;
    const seen = await invoices.walk('limit=2', async (n) => {
      if (n === 0) added = await issue(mine.projectId, 'Mine 6');
    });
    const expected = (await whole('/api/payments/client', mine.token)).filter((id) => id !== added);
    expect(seen).toEqual(expected);
    expect(new Set(seen).size).toBe(seen.length);
    // Their own search and filters: never another client's rows.
    expect((await invoices.page('q=Theirs')).items).toEqual([]);
    expect(
      (await invoices.page('status=pending&limit=200')).items.every((i) => i.clientId === mine.clientId),
    ).toBe(true);
    expect((await invoices.page('q=Mine%203')).items.map((i) => i.description)).toEqual(['Mine 3']);
  });

  it('pages a client over their own appointments in the order they happen, by day range', async () => {
    const first = await appointments.page('limit=3');
    expect(first.total).toBe(4);
    expect(first.items.map((a) => a.scheduledDate)).toEqual(['2026-03-01', '2026-04-01', '2026-05-01']);
    expect(await appointments.walk('limit=1')).toEqual(await whole('/api/appointments/client', mine.token));
    const spring = await appointments.page('from=2026-04-01&to=2026-05-01');
    expect(spring.items.map((a) => a.title)).toEqual(['Mine visit 2', 'Mine visit 3']);
    expect((await appointments.page('q=their')).items).toEqual([]);
    expect((await appointments.page('q=visit%204')).items.map((a) => a.title)).toEqual(['Mine visit 4']);
  });

  it("staff page any client's lists; a client cannot, and an account without a client record gets an empty page", async () => {
    const res = await t.call(
      'GET',
      `/api/appointments/client/${theirs.clientId}?limit=5`,
      undefined,
      t.adminToken,
    );
    expect(res.status).toBe(200);
    expect(res.body.items.map((a: TAppointment) => a.title)).toEqual(['Their visit']);
    const theirInvoices = await t.call(
      'GET',
      `/api/payments/client/${theirs.clientId}?limit=5`,
      undefined,
      t.adminToken,
    );
    expect(theirInvoices.body.items.map((i: TPayment) => i.description)).toEqual(['Theirs 1']);
    for (const path of ['/api/payments/client', '/api/appointments/client'])
      expect((await t.call('GET', `${path}/${theirs.clientId}?limit=5`, undefined, mine.token)).status).toBe(
        403,
      );
    const staff = await t.call('GET', '/api/payments/client?limit=5', undefined, t.adminToken);
    expect(staff.body).toEqual({ items: [], nextCursor: null, total: 0 });
  });

  it('refuses a bad limit, cursor, filter or range with a clear 400', async () => {
    for (const l of [invoices, appointments]) {
      await l.refused('limit=0', /limit must be a whole number from 1 to 200/);
      await l.refused('cursor=nope', /cursor is not one this list gave out/);
      await l.refused('from=2026-05-02&to=2026-05-01', /from must not be after to/);
      await l.refused('colour=red', /colour/);
    }
    await invoices.refused('status=lost', /status must be pending, completed or failed/);
    // A cursor of the other list is refused, not read.
    const { nextCursor } = await invoices.page('limit=1');
    await appointments.refused(`cursor=${nextCursor}`, /cursor is not one this list gave out/);
    // Search text with LIKE's own characters matches them as themselves.
    expect((await invoices.page('q=%25_%25')).items).toEqual([]);
  });
});
