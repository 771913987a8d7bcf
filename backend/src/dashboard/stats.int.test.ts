import { addDays, localToUtc, utcToLocal } from '@app/contracts/calendar/time-zone';
import { documentsProjection } from '@app/projections/documents/projection';
import { paymentsProjection } from '@app/projections/invoices/projection';
import { projectsProjection } from '@app/projections/projects/projection';
import { replayCheck } from '@app/projections/runtime/rebuild';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { SIGNATURE_DATA_URL } from '../../test/cast.ts';
import { formBody } from '../../test/multipart.ts';
import { dashboardStats, lastMonths, revenueByMonth } from './stats.ts';

/** The figures as they were counted over the whole tables before the views kept them (the reference). */
async function countedStats(db: Kysely<unknown>, clientId: number | null) {
  const ofClient = (column: string) =>
    clientId === null ? sql`true` : sql`${sql.ref(column)} = ${clientId}`;
  const waiting = clientId === null ? sql`true` : sql`d.type = 'form' AND d.client_id = ${clientId}`;
  const { rows } = await sql<{
    total_clients: number;
    total_projects: number;
    active_projects: number;
    pending_documents: number;
    pending_payments: number;
    total_revenue_cents: string;
    paid_projects: number;
  }>`
    SELECT
      (SELECT count(*)::int FROM rm.clients c WHERE ${ofClient('c.id')}) AS total_clients,
      (SELECT count(*)::int FROM rm.projects p WHERE ${ofClient('p.client_id')}) AS total_projects,
      (SELECT count(*)::int FROM rm.projects p WHERE p.status = 'in_progress' AND ${ofClient('p.client_id')}) AS active_projects,
      (SELECT count(*)::int FROM rm.documents d WHERE d.status = 'pending' AND d.superseded_by IS NULL AND ${waiting}) AS pending_documents,
      (SELECT count(*)::int FROM rm.payments y WHERE y.status = 'pending' AND y.voided_at IS NULL AND ${ofClient('y.client_id')}) AS pending_payments,
      (SELECT coalesce(sum(y.paid_cents), 0)::text FROM rm.payments y WHERE y.voided_at IS NULL AND ${ofClient('y.client_id')}) AS total_revenue_cents,
      (SELECT count(DISTINCT y.project_id)::int FROM rm.payments y WHERE y.paid_cents > 0 AND y.voided_at IS NULL AND ${ofClient('y.client_id')}) AS paid_projects`.execute(
    db,
  );
  const row = rows[0]!;
  const revenueCents = Number(row.total_revenue_cents);
  return {
    totalClients: row.total_clients,
    totalProjects: row.total_projects,
    activeProjects: row.active_projects,
    pendingDocuments: row.pending_documents,
    pendingPayments: row.pending_payments,
    totalRevenue: revenueCents / 100,
    averageProjectValue: row.paid_projects === 0 ? 0 : Math.round(revenueCents / row.paid_projects) / 100,
  };
}

/** Revenue by month in Alaska as it was summed over every ledger entry before the view kept it. */
async function countedRevenue(db: Kysely<unknown>, now: Date) {
  const { rows } = await sql<{ month: string; cents: string }>`
    SELECT to_char((e->>'paidAt')::timestamptz AT TIME ZONE 'America/Anchorage', 'YYYY-MM') AS month,
      sum((e->>'amountCents')::bigint)::text AS cents
    FROM rm.payments y CROSS JOIN LATERAL jsonb_array_elements(y.ledger) e
    WHERE y.voided_at IS NULL
    GROUP BY 1`.execute(db);
  const byMonth = new Map(rows.map((r) => [r.month, Number(r.cents)]));
  return lastMonths(now).map((month) => ({ month, cents: byMonth.get(month) ?? 0 }));
}

describe('dashboard figures', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  const stats = (token = t.adminToken) => t.call('GET', '/api/dashboard/stats', undefined, token);

  it('counts clients and projects from the read models: all for an admin, their own for a client', async () => {
    const empty = await stats();
    expect(empty.body).toEqual({
      totalClients: 0,
      totalProjects: 0,
      activeProjects: 0,
      pendingDocuments: 0,
      pendingPayments: 0,
      totalRevenue: 0,
      averageProjectValue: 0,
    });

    const a = await t.call('POST', '/api/clients', { name: 'Ann A', email: 'ann@example.com' }, t.adminToken);
    const b = await t.call(
      'POST',
      '/api/clients',
      { name: 'Bo B', email: 'bo@example.com', portalAccess: false },
      t.adminToken,
    );
    const project = (clientId: number, status: string) =>
      t.call(
        'POST',
        '/api/projects',
        { clientId, title: `Job ${status}`, type: 'starlink', status },
        t.adminToken,
      );
    await project(a.body.client.id, 'in_progress');
    await project(a.body.client.id, 'pending');
    await project(b.body.client.id, 'in_progress');
    const done = await project(b.body.client.id, 'completed');

    expect((await stats()).body).toMatchObject({ totalClients: 2, totalProjects: 4, activeProjects: 2 });

    // Forms waiting for a signature count as pending documents; a signed one no longer does.
    const form = (projectId: number) =>
      t.call('POST', '/api/documents', { title: 'Service Agreement', projectId }, t.adminToken);
    const projects = (await t.call('GET', '/api/projects', undefined, t.adminToken)).body as {
      id: number;
      clientId: number;
    }[];
    const ofAnn = projects.find((p) => p.clientId === a.body.client.id)!.id;
    const ofBo = projects.find((p) => p.clientId === b.body.client.id)!.id;
    const signedForm = await form(ofAnn);
    await form(ofAnn);
    await form(ofBo);
    const png =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
    expect(
      (
        await t.call(
          'PATCH',
          `/api/documents/${signedForm.body.id}/sign`,
          { signatureData: png },
          t.adminToken,
        )
      ).status,
    ).toBe(200);
    expect((await stats()).body.pendingDocuments).toBe(2);

    const annToken = await t.activate('ann@example.com', a.body.temporaryPassword);
    expect((await stats(annToken)).body).toMatchObject({
      totalClients: 1,
      totalProjects: 2,
      activeProjects: 1,
      pendingDocuments: 1,
    });

    // A deleted project no longer counts.
    expect((await t.call('DELETE', `/api/projects/${done.body.id}`, undefined, t.adminToken)).status).toBe(
      200,
    );
    expect((await stats()).body.totalProjects).toBe(3);
    expect((await t.call('GET', '/api/dashboard/stats')).status).toBe(401);
  });

  it('reads each figure from the kept counters, moved by the change that moves it, equal to counting the tables', async () => {
    const call = async (method: string, url: string, body?: unknown, token = t.adminToken) => {
      const res = await t.call(method, url, body, token);
      expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
      return res.body;
    };
    const client = async (name: string, email: string, portalAccess: boolean) =>
      (await call('POST', '/api/clients', { name, email, portalAccess })) as {
        client: { id: number };
        temporaryPassword: string;
      };
    const project = async (clientId: number, status: string) =>
      (
        (await call('POST', '/api/projects', {
          clientId,
          title: `Job ${status}`,
          type: 'starlink',
          status,
        })) as {
          id: number;
        }
      ).id;
    const invoice = async (projectId: number, amount: number) =>
      ((await call('POST', '/api/invoices', { projectId, amount, description: 'Work' })) as { id: number })
        .id;
    const pay = (id: number, amount: number, paidAt?: string) =>
      call('PATCH', `/api/payments/${id}/confirm`, { paymentMethod: 'cash', amount, paidAt });
    const form = async (projectId: number, replaces?: number) =>
      ((await call('POST', '/api/documents', { title: 'Agreement', projectId, replaces })) as { id: number })
        .id;
    const sign = (id: number, token: string) =>
      call('PATCH', `/api/documents/${id}/sign`, { signatureData: SIGNATURE_DATA_URL }, token);

    const cy = await client('Cy C', 'cy@example.com', true);
    const cyId = cy.client.id;
    const cyToken = await t.activate('cy@example.com', cy.temporaryPassword);
    const diId = (await client('Di D', 'di@example.com', false)).client.id;
    const edId = (await client('Ed E', 'ed@example.com', false)).client.id;
    const everyone = async () =>
      (await sql<{ id: number }>`SELECT id FROM rm.clients ORDER BY id`.execute(t.deps.db)).rows.map(
        (r) => r.id,
      );

    /** The admin's and Cy's figures through the API, and every client's (and a missing one's) as counted. */
    const figures = async () => {
      const [admin, cyOwn] = [(await stats()).body, (await stats(cyToken)).body];
      expect(admin).toEqual(await countedStats(t.deps.db, null));
      expect(cyOwn).toEqual(await countedStats(t.deps.db, cyId));
      for (const id of [...(await everyone()), -1])
        expect(await dashboardStats(t.deps, id), `client ${id}`).toEqual(await countedStats(t.deps.db, id));
      return { admin, cy: cyOwn };
    };
    const moved = async (before: Awaited<ReturnType<typeof figures>>) => {
      const after = await figures();
      const diff = (a: Record<string, number>, b: Record<string, number>) =>
        Object.fromEntries(
          Object.keys(b)
            .filter((k) => a[k] !== b[k])
            .map((k) => [k, Math.round((b[k]! - a[k]!) * 100) / 100]),
        );
      return { after, admin: diff(before.admin, after.admin), cy: diff(before.cy, after.cy) };
    };

    const cyActive = await project(cyId, 'in_progress');
    const cyPending = await project(cyId, 'pending');
    const diActive = await project(diId, 'in_progress');
    const diDone = await project(diId, 'completed');
    const edPending = await project(edId, 'pending');
    let now = await figures();
    expect(now.cy).toMatchObject({ totalClients: 1, totalProjects: 2, activeProjects: 1 });

    // A project started counts as active, for the admin and its client.
    await call('PATCH', `/api/projects/${cyPending}`, { status: 'in_progress' });
    let change = await moved(now);
    expect(change.admin).toEqual({ activeProjects: 1 });
    expect(change.cy).toEqual({ activeProjects: 1 });
    now = change.after;

    const cyFirst = await invoice(cyActive, 100);
    const cySecond = await invoice(cyActive, 33.33);
    const cyThird = await invoice(cyPending, 20);
    const diFirst = await invoice(diActive, 300);
    const diSecond = await invoice(diDone, 75);
    const edFirst = await invoice(edPending, 10);
    change = await moved(now);
    expect(change.admin).toEqual({ pendingPayments: 6 });
    expect(change.cy).toEqual({ pendingPayments: 3 });
    now = change.after;

    // Part paid: money received, the invoice still pending; the rest: no longer pending.
    await pay(cyFirst, 40);
    change = await moved(now);
    expect(change.admin).toEqual({ totalRevenue: 40, averageProjectValue: 40 });
    expect(change.cy).toEqual({ totalRevenue: 40, averageProjectValue: 40 });
    now = change.after;
    await pay(cyFirst, 60);
    change = await moved(now);
    expect(change.admin).toEqual({ totalRevenue: 60, averageProjectValue: 60, pendingPayments: -1 });
    expect(change.cy).toEqual({ totalRevenue: 60, averageProjectValue: 60, pendingPayments: -1 });
    now = change.after;
    // A second invoice of the same project paid is more money, not another paid project.
    await pay(cySecond, 33.33);
    change = await moved(now);
    expect(change.admin).toEqual({ totalRevenue: 33.33, averageProjectValue: 33.33, pendingPayments: -1 });
    now = change.after;
    await pay(cyThird, 20);
    await pay(diFirst, 300);
    await pay(diSecond, 25);
    change = await moved(now);
    // Four paid projects share 478.33: 119.58 each, to the cent.
    expect(change.after.admin).toMatchObject({ totalRevenue: 478.33, averageProjectValue: 119.58 });
    expect(change.after.cy).toMatchObject({
      totalRevenue: 153.33,
      averageProjectValue: 76.67,
      pendingPayments: 0,
    });
    now = change.after;

    // A failed invoice is no longer pending; a deleted one takes its money and its paid project out.
    await call('PATCH', `/api/payments/${edFirst}/status`, { status: 'failed', reason: 'Card declined' });
    change = await moved(now);
    expect(change.admin).toEqual({ pendingPayments: -1 });
    now = change.after;
    await call('DELETE', `/api/payments/${diSecond}`, { reason: 'Entered by mistake' });
    change = await moved(now);
    // Three paid projects share 453.33: 151.11 each.
    expect(change.admin).toEqual({ totalRevenue: -25, averageProjectValue: 31.53, pendingPayments: -1 });
    expect(change.cy).toEqual({});
    now = change.after;

    // Documents: a form waits for its client; signed, it no longer does; a new version of a signed form waits
    // again, of one still pending takes its place; a client's file waits for staff only.
    const cyForm = await form(cyActive);
    const cyOther = await form(cyPending);
    const diForm = await form(diActive);
    change = await moved(now);
    expect(change.admin).toEqual({ pendingDocuments: 3 });
    expect(change.cy).toEqual({ pendingDocuments: 2 });
    now = change.after;
    await sign(cyForm, cyToken);
    change = await moved(now);
    expect(change.admin).toEqual({ pendingDocuments: -1 });
    expect(change.cy).toEqual({ pendingDocuments: -1 });
    now = change.after;
    await form(cyActive, cyForm);
    change = await moved(now);
    expect(change.admin).toEqual({ pendingDocuments: 1 });
    expect(change.cy).toEqual({ pendingDocuments: 1 });
    now = change.after;
    const replacement = await form(cyPending, cyOther);
    change = await moved(now);
    expect(change.admin).toEqual({});
    expect(change.cy).toEqual({});
    now = change.after;
    const upload = formBody(
      { projectId: String(cyActive) },
      { field: 'file', name: 'permit.pdf', type: 'application/pdf', bytes: Buffer.from('%PDF-1.4\n%%EOF\n') },
    );
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/documents',
      headers: { authorization: `Bearer ${cyToken}`, 'content-type': upload.contentType },
      payload: upload.body,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    change = await moved(now);
    expect(change.admin).toEqual({ pendingDocuments: 1 });
    expect(change.cy).toEqual({});
    now = change.after;
    await call('DELETE', `/api/documents/${replacement}`);
    await call('DELETE', `/api/documents/${diForm}`);
    change = await moved(now);
    expect(change.admin).toEqual({ pendingDocuments: -2 });
    expect(change.cy).toEqual({ pendingDocuments: -1 });
    now = change.after;

    // Revenue by month in Alaska: a second before midnight there on the 1st of last month is the month before,
    // though it is already the 1st in UTC.
    const months = lastMonths(new Date());
    const midnight = localToUtc(`${months[10]}-01`, '00:00');
    expect(utcToLocal(new Date(midnight.getTime() - 1000)).date).toBe(addDays(`${months[10]}-01`, -1));
    const revenue = async () =>
      (await call('GET', '/api/dashboard/revenue')) as { month: string; cents: number }[];
    const before = await revenue();
    expect(before).toEqual(await countedRevenue(t.deps.db, new Date()));
    const late = await invoice(diActive, 30);
    await pay(late, 12.34, new Date(midnight.getTime() - 1000).toISOString());
    await pay(late, 5.66, midnight.toISOString());
    const after = await revenue();
    expect(after).toEqual(await countedRevenue(t.deps.db, new Date()));
    expect(after.map((m, i) => m.cents - before[i]!.cents)).toEqual([
      0, 0, 0, 0, 0, 0, 0, 0, 0, 1_234, 566, 0,
    ]);
    expect(after.at(-1)!.cents).toBe(10_000 + 3_333 + 2_000 + 30_000);
    // Any month in the business time zone's last year, as counted.
    const past = new Date(midnight.getTime() - 40 * 86_400_000);
    expect(await revenueByMonth(t.deps, past)).toEqual(await countedRevenue(t.deps.db, past));
    await call('DELETE', `/api/payments/${late}`, { reason: 'Entered twice' });
    expect(await revenue()).toEqual(before);
    await figures();

    // A client's only paid project, its invoice deleted: no paid project left, for them or counted overall.
    const edBefore = await dashboardStats(t.deps, edId);
    const edOnly = await invoice(edPending, 40);
    await pay(edOnly, 40);
    expect(await dashboardStats(t.deps, edId)).toMatchObject({ totalRevenue: 40, averageProjectValue: 40 });
    expect((await figures()).admin.averageProjectValue).toBe(Math.round(49_333 / 4) / 100);
    await call('DELETE', `/api/payments/${edOnly}`, { reason: 'Wrong client' });
    expect(await dashboardStats(t.deps, edId)).toEqual(edBefore);
    expect((await figures()).admin).toEqual(now.admin);

    // A rebuild from the events makes the same rows and the same counters and sums (replay-check).
    for (const p of [paymentsProjection, projectsProjection, documentsProjection])
      expect(await replayCheck(t.deps.db, t.deps.store, p), p.name).toEqual([]);
  }, 120_000);
});
