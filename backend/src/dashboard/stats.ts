import type { ZRevenueByMonth } from '@app/contracts/api/invoices';
import type { TDashboardStats } from '@app/contracts/api/portal';
import { BUSINESS_TIME_ZONE, utcToLocal } from '@app/contracts/calendar/time-zone';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { AppDeps } from '../platform/deps.ts';

/**
 * The dashboard's figures from the read models; `clientId` narrows them to one client's own.
 * Pending documents are current documents (not replaced by a newer version) waiting for someone: for staff,
 * forms not yet signed and clients' files not yet reviewed; for a client, forms awaiting their signature.
 */
export async function dashboardStats(
  deps: Pick<AppDeps, 'db'>,
  clientId: number | null,
): Promise<TDashboardStats> {
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
    deps.db,
  );
  const row = rows[0]!;
  // Money received on the ledgers of invoices not deleted, in integer cents; answered in dollars.
  const revenueCents = Number(row.total_revenue_cents);
  const totalRevenue = revenueCents / 100;
  return {
    totalClients: row.total_clients,
    totalProjects: row.total_projects,
    activeProjects: row.active_projects,
    pendingDocuments: row.pending_documents,
    pendingPayments: row.pending_payments,
    totalRevenue,
    averageProjectValue: row.paid_projects === 0 ? 0 : Math.round(revenueCents / row.paid_projects) / 100,
  };
}

/** The last `count` months (YYYY-MM) in the business time zone, oldest first, ending with this one. */
export function lastMonths(now: Date, count = 12): string[] {
  const [year, month] = utcToLocal(now).date.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    const back = new Date(Date.UTC(year, month - 1 - (count - 1 - i), 1));
    return back.toISOString().slice(0, 7);
  });
}

/**
 * GET /api/dashboard/revenue: money received (the invoices' ledgers, deleted invoices left out) by the month it
 * was paid in Alaska, the last 12 months oldest first, a month with nothing as 0.
 */
export async function revenueByMonth(
  deps: Pick<AppDeps, 'db'>,
  now = new Date(),
): Promise<z.infer<typeof ZRevenueByMonth>> {
  const months = lastMonths(now);
  const { rows } = await sql<{ month: string; cents: string }>`
    SELECT to_char((e->>'paidAt')::timestamptz AT TIME ZONE ${BUSINESS_TIME_ZONE}, 'YYYY-MM') AS month,
      sum((e->>'amountCents')::bigint)::text AS cents
    FROM rm.payments y CROSS JOIN LATERAL jsonb_array_elements(y.ledger) e
    WHERE y.voided_at IS NULL
    GROUP BY 1`.execute(deps.db);
  const byMonth = new Map(rows.map((r) => [r.month, Number(r.cents)]));
  return months.map((month) => ({ month, cents: byMonth.get(month) ?? 0 }));
}
