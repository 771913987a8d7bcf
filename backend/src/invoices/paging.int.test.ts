import type { TPayment, TPaymentStats, TPaymentsPage } from '@app/contracts/api/invoices';
import { utcToLocal } from '@app/contracts/calendar/time-zone';
import type { TInvoiceEvent } from '@app/contracts/events/invoices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { eventually } from '../../test/eventually.ts';
import { pagedList } from '../../test/pages.ts';
import { systemActor, toNewEvents } from '../platform/command.ts';

/** `GET /api/payments` paged, searched and filtered on the server, and its figures from kept sums (issue 23). */
describe('payments list pages', () => {
  let t: TestApp;
  let kenai: { clientId: number; projectId: number; token: string };
  let nome: { clientId: number; projectId: number };
  let seq = 0;

  const client = async (name: string, projectTitle: string, portal = false) => {
    seq++;
    const res = await t.call(
      'POST',
      '/api/clients',
      { name, email: `pay-pages${seq}@example.com`, userType: 'client', portalAccess: portal },
      t.adminToken,
    );
    expect(res.status).toBe(201);
    const token = portal ? await t.activate(res.body.user.email, res.body.temporaryPassword) : '';
    const project = await t.call(
      'POST',
      '/api/projects',
      { clientId: res.body.client.id, title: projectTitle, type: 'security_cameras' },
      t.adminToken,
    );
    expect(project.status).toBe(201);
    return { clientId: res.body.client.id as number, projectId: project.body.id as number, token };
  };
  const issue = async (projectId: number, description: string, amount = 100) => {
    const res = await t.call('POST', '/api/invoices', { projectId, amount, description }, t.adminToken);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as TPayment;
  };
  /** An invoice of another day, appended to the store as the invoices slice appends one. */
  const issuedOn = (
    invoiceId: number,
    owner: { clientId: number; projectId: number },
    issuedAt: string,
    dueDate: string,
  ): TInvoiceEvent => ({
    type: 'InvoiceIssued',
    data: {
      invoiceId,
      invoiceNumber: `INV-${issuedAt.slice(0, 4)}${issuedAt.slice(5, 7)}-${invoiceId}`,
      projectId: owner.projectId,
      clientId: owner.clientId,
      description: `Earlier work ${invoiceId}`,
      amountCents: 40_000,
      currency: 'usd',
      invoiceDate: utcToLocal(issuedAt).date,
      dueDate,
      kind: 'full',
      estimateId: null,
      billingPlanId: null,
      paymentMethod: null,
      customMethod: null,
      issuedBy: 1,
      issuedAt,
    },
  });
  const append = (invoiceId: number, events: TInvoiceEvent[]) =>
    t.deps.store.append(`invoice-${invoiceId}`, toNewEvents(events, systemActor()), 'no_stream');
  const { page, walk, refused } = pagedList<TPaymentsPage['items'][number]>(
    () => t,
    '/api/payments',
    (i) => i.id,
  );
  const all = async () => (await t.call('GET', '/api/payments', undefined, t.adminToken)).body as TPayment[];

  beforeAll(async () => {
    t = await startTestApp();
    kenai = await client('Kenai Lodge', 'Starlink kit', true);
    nome = await client('Nome Outfitters', 'Dock cameras');
    for (let i = 1; i <= 7; i++) await issue(kenai.projectId, `Starlink kit ${i}`);
    await issue(nome.projectId, 'Cameras 100% outdoor_ready', 250.5);
    const failed = await issue(nome.projectId, 'Website');
    expect(
      (await t.call('PATCH', `/api/payments/${failed.id}/status`, { status: 'failed' }, t.adminToken)).status,
    ).toBe(200);
    // Earlier invoices: one overdue and part paid, one issued late in the evening in Alaska (the next day in
    // UTC), one paid, one deleted.
    await append(9001, [
      issuedOn(9001, nome, '2025-01-10T20:00:00.000Z', '2025-02-09'),
      {
        type: 'InvoicePaymentRecorded',
        data: {
          invoiceId: 9001,
          paymentId: 'p1',
          amountCents: 15_000,
          method: 'check',
          customMethod: null,
          transactionId: 'Check 7',
          source: 'offline',
          paidAt: '2025-01-20T20:00:00.000Z',
          recordedBy: 1,
          recordedAt: '2025-01-20T20:00:00.000Z',
        },
      },
    ]);
    await append(9002, [issuedOn(9002, kenai, '2025-03-06T08:30:00.000Z', '2025-04-04')]);
    await append(9003, [
      issuedOn(9003, kenai, '2025-03-10T20:00:00.000Z', '2025-04-09'),
      {
        type: 'InvoicePaymentRecorded',
        data: {
          invoiceId: 9003,
          paymentId: 'p2',
          amountCents: 40_000,
          method: 'cash',
          customMethod: null,
          transactionId: null,
          source: 'offline',
          paidAt: '2025-03-11T20:00:00.000Z',
          recordedBy: 1,
          recordedAt: '2025-03-11T20:00:00.000Z',
        },
      },
      {
        type: 'InvoiceStatusChanged',
        data: {
          invoiceId: 9003,
          status: 'completed',
          paidAt: '2025-03-11T20:00:00.000Z',
          changedBy: null,
          changedAt: '2025-03-11T20:00:00.000Z',
          reason: null,
        },
      },
    ]);
    await append(9004, [
      issuedOn(9004, nome, '2025-03-12T20:00:00.000Z', '2025-04-11'),
      {
        type: 'InvoiceVoided',
        data: {
          invoiceId: 9004,
          reason: 'Billed twice',
          voidedBy: 1,
          voidedAt: '2025-03-13T00:00:00Z',
          paidCents: 0,
        },
      },
    ]);
    await eventually('the earlier invoices listed', async () => (await all()).length === 12);
  });
  afterAll(async () => t?.close());

  it('pages newest first with a total, and nothing is skipped or repeated while invoices are added', async () => {
    const first = await page('limit=3');
    expect(first.total).toBe(12);
    expect(first.items).toHaveLength(3);
    expect(first.items[0]!.description).toBe('Website');
    expect(first.nextCursor).toEqual(expect.any(String));
    expect(first.items[0]).toMatchObject({ clientName: 'Nome Outfitters', projectTitle: 'Dock cameras' });

    const before = (await page('limit=200')).items.map((i) => i.id);
    expect(before).toEqual((await all()).map((p) => p.id));
    const added: number[] = [];
    // An invoice made between pages is newer than every row: it belongs before the first page, not in the walk.
    const seen = await walk('limit=2', async (n) => {
      if (n < 2) added.push((await issue(kenai.projectId, `Added while paging ${n}`)).id);
    });
    expect(seen).toEqual(before);
    expect(new Set(seen).size).toBe(seen.length);
    const after = await page('limit=200');
    expect(after.total).toBe(12 + added.length);
    expect(after.items.slice(0, added.length).map((i) => i.id)).toEqual([...added].reverse());
  });

  it('keeps the whole-array answer without parameters and for projectId alone; projectId with paging pages', async () => {
    const whole = await t.call('GET', `/api/payments?projectId=${nome.projectId}`, undefined, t.adminToken);
    expect(whole.status).toBe(200);
    expect(Array.isArray(whole.body)).toBe(true);
    expect((whole.body as TPayment[]).map((p) => p.description).sort()).toEqual(
      ['Cameras 100% outdoor_ready', 'Earlier work 9001', 'Website'].sort(),
    );
    const paged = await page(`projectId=${nome.projectId}&limit=2`);
    expect(paged.total).toBe(3);
    expect(paged.items.map((p) => p.id)).toEqual((whole.body as TPayment[]).slice(0, 2).map((p) => p.id));
  });

  it('searches every word in the number, description, client or project, % and _ as themselves', async () => {
    const found = async (q: string) =>
      (await page(`q=${encodeURIComponent(q)}&limit=200`)).items.map((i) => i.description).sort();
    expect(await found('nome')).toEqual(['Cameras 100% outdoor_ready', 'Earlier work 9001', 'Website']);
    expect(await found('outfitters outdoor')).toEqual(['Cameras 100% outdoor_ready']);
    expect(await found('dock web')).toEqual(['Website']);
    expect(await found('KIT 7')).toEqual(['Starlink kit 7']);
    expect(await found('INV-202503-9002')).toEqual(['Earlier work 9002']);
    expect(await found('-9003')).toEqual(['Earlier work 9003']);
    expect(await found('100%')).toEqual(['Cameras 100% outdoor_ready']);
    expect(await found('%')).toEqual(['Cameras 100% outdoor_ready']);
    expect(await found('r_r')).toEqual(['Cameras 100% outdoor_ready']);
    expect(await found('kit_7')).toEqual([]);
    expect(await found('o\'brien \\ "quoted"')).toEqual([]);
    // A deleted invoice is found by nothing.
    expect(await found('9004')).toEqual([]);
    const kits = await page('q=starlink%20kit&limit=1');
    expect(kits.items).toHaveLength(1);
    expect(kits.total).toBe((await found('starlink kit')).length);
  });

  it('filters by status, client, project and invoice date (inclusive days in Alaska), with totals to match', async () => {
    const rows = (await page('limit=200')).items;
    const check = async (query: string, expected: TPayment[]) => {
      const p = await page(`${query}&limit=200`);
      expect(
        p.items.map((i) => i.id),
        query,
      ).toEqual(expected.map((i) => i.id));
      expect(p.total, query).toBe(expected.length);
      const first = await page(`${query}&limit=1`);
      expect(first.total, query).toBe(expected.length);
    };
    await check(
      'status=failed',
      rows.filter((r) => r.status === 'failed'),
    );
    await check(
      'status=completed',
      rows.filter((r) => r.status === 'completed'),
    );
    await check(
      `clientId=${nome.clientId}`,
      rows.filter((r) => r.clientId === nome.clientId),
    );
    await check(
      `clientId=${kenai.clientId}&status=pending`,
      rows.filter((r) => r.clientId === kenai.clientId && r.status === 'pending'),
    );
    await check(
      `projectId=${kenai.projectId}&status=completed`,
      rows.filter((r) => r.id === 9003),
    );
    // 9002 was issued at 08:30 UTC on March 6th: the evening of March 5th in Alaska, its invoice date.
    expect(rows.find((r) => r.id === 9002)!.invoiceDate).toBe('2025-03-05');
    await check(
      'from=2025-03-01&to=2025-03-31',
      rows.filter((r) => r.id === 9002 || r.id === 9003),
    );
    await check(
      'to=2025-03-05',
      rows.filter((r) => r.id === 9001 || r.id === 9002),
    );
    await check(
      'from=2025-03-06&to=2025-03-10',
      rows.filter((r) => r.id === 9003),
    );
    await check('from=2025-01-11&to=2025-03-04', []);
    await check(
      `from=2025-01-01&clientId=${nome.clientId}&to=2025-12-31`,
      rows.filter((r) => r.id === 9001),
    );
    const today = utcToLocal(new Date()).date;
    await check(
      `from=${today}`,
      rows.filter((r) => r.id < 9000),
    );
  });

  it('answers the figures from kept sums: they equal the sums over the rows', async () => {
    const stats = (await t.call('GET', '/api/payments/stats', undefined, t.adminToken)).body as TPaymentStats;
    const rows = (await page('limit=200')).items;
    const sum = (list: TPayment[], cents: (p: TPayment) => number) => list.reduce((s, p) => s + cents(p), 0);
    const pending = rows.filter((r) => r.status === 'pending');
    expect(stats).toEqual({
      totalCents: sum(
        rows.filter((r) => r.status !== 'failed'),
        (p) => p.amountCents,
      ),
      paidCents: sum(rows, (p) => p.paidCents),
      pendingCents: sum(pending, (p) => p.balanceCents),
      overdueCents: sum(
        pending.filter((p) => p.overdue),
        (p) => p.balanceCents,
      ),
      counts: {
        all: rows.length,
        pending: pending.length,
        completed: rows.filter((r) => r.status === 'completed').length,
        failed: rows.filter((r) => r.status === 'failed').length,
      },
    });
    // The invoices of January and March 2025 are overdue: 400.00 less the 150.00 received, and 400.00.
    expect(stats.overdueCents).toBe(65_000);
    expect(stats.paidCents).toBe(55_000);

    // A payment and a deletion move the sums at once.
    const owing = rows.find((r) => r.description === 'Starlink kit 3')!;
    const paid = await t.call(
      'PATCH',
      `/api/payments/${owing.id}/confirm`,
      { paymentMethod: 'cash', amount: 40 },
      t.adminToken,
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const deleted = await t.call('DELETE', `/api/payments/9001`, { reason: 'Billed twice' }, t.adminToken);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    await eventually('the figures moved', async () => {
      const now = (await t.call('GET', '/api/payments/stats', undefined, t.adminToken)).body as TPaymentStats;
      return (
        now.paidCents === stats.paidCents + 4_000 - 15_000 &&
        now.overdueCents === 40_000 &&
        now.pendingCents === stats.pendingCents - 4_000 - 25_000 &&
        now.counts.all === stats.counts.all - 1
      );
    });
  });

  it('is staff only: a client is refused the pages and the figures', async () => {
    expect((await t.call('GET', '/api/payments?limit=5', undefined, kenai.token)).status).toBe(403);
    expect((await t.call('GET', '/api/payments/stats', undefined, kenai.token)).status).toBe(403);
    expect((await t.call('GET', '/api/payments/stats', undefined, null)).status).toBe(401);
  });

  it('refuses a bad cursor, limit, filter or unknown parameter with 400 and a clear message', async () => {
    await refused('limit=0', /limit must be a whole number from 1 to 200/);
    await refused('limit=201', /limit must be a whole number from 1 to 200/);
    await refused('limit=abc', /limit must be a whole number from 1 to 200/);
    await refused('cursor=not-a-cursor', /cursor is not one this list gave out/);
    await refused('cursor=%25%25', /cursor is not one this list gave out/);
    const otherList = Buffer.from(
      JSON.stringify({ l: 'projects', k: ['2026-01-01 00:00:00+00', 1] }),
    ).toString('base64url');
    await refused(`cursor=${otherList}`, /cursor is not one this list gave out/);
    const badKey = Buffer.from(JSON.stringify({ l: 'payments', k: ['yesterday', 1] })).toString('base64url');
    await refused(`cursor=${badKey}`, /cursor is not one this list gave out/);
    await refused('status=paid', /status must be pending, completed or failed/);
    await refused('clientId=abc', /clientId/);
    await refused('from=2025-13-01', /from/);
    await refused('to=yesterday', /to must be a date/);
    await refused('from=2025-03-02&to=2025-03-01', /from must not be after to/);
    await refused('sort=amount', /sort/);
    await refused(`q=${'x'.repeat(201)}`, /q/);
  });
});
