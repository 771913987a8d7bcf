import type { ZRevenueByMonth } from '@app/contracts/api/invoices';
import type { TDashboardStats } from '@app/contracts/api/portal';
import { utcToLocal } from '@app/contracts/calendar/time-zone';
import { waitingKey } from '@app/projections/documents/projection';
import { paidProjectsKey } from '@app/projections/invoices/paid-projects';
import { paidInMonthKey } from '@app/projections/invoices/projection';
import { countsTable } from '@app/projections/runtime/document-projection';
import type { z } from 'zod';
import type { AppDeps } from '../platform/deps.ts';
import { keptCount, keptCounts } from '../platform/paging.ts';

type Deps = Pick<AppDeps, 'rm'>;

/**
 * The dashboard's figures, read from the counters and sums the views keep (issue 23: no table is counted or
 * summed); `clientId` narrows them to one client's own, mostly the same counter behind `client:<id>:`.
 * Pending documents are current documents (not replaced by a newer version) waiting for someone: for staff,
 * forms not yet signed and clients' files not yet reviewed; for a client, forms awaiting their signature.
 */
export async function dashboardStats(deps: Deps, clientId: number | null): Promise<TDashboardStats> {
  const own = (key: string) => (clientId === null ? key : `client:${clientId}:${key}`);
  const projectsKey = clientId === null ? '' : `client:${clientId}`;
  const [totalClients, projects, pendingDocuments, payments] = await Promise.all([
    clientId === null ? keptCount(deps.rm, countsTable('clients'), ['']) : clientCount(deps, clientId),
    keptCounts(deps.rm, countsTable('projects'), [projectsKey, own('status:in_progress')]),
    keptCount(deps.rm, countsTable('documents'), [waitingKey(clientId)]),
    keptCounts(deps.rm, countsTable('payments'), [
      own('status:pending'),
      own('cents:paid'),
      paidProjectsKey(clientId),
    ]),
  ]);
  // Money received on the ledgers of invoices not deleted, in integer cents; answered in dollars.
  const revenueCents = payments[own('cents:paid')]!;
  const paidProjects = payments[paidProjectsKey(clientId)]!;
  return {
    totalClients,
    totalProjects: projects[projectsKey]!,
    activeProjects: projects[own('status:in_progress')]!,
    pendingDocuments,
    pendingPayments: payments[own('status:pending')]!,
    totalRevenue: revenueCents / 100,
    averageProjectValue: paidProjects === 0 ? 0 : Math.round(revenueCents / paidProjects) / 100,
  };
}

/** A client's own client count: 1 when their record is there (a primary key read). */
async function clientCount(deps: Deps, clientId: number) {
  const row = await deps.rm.selectFrom('clients').select('id').where('id', '=', clientId).executeTakeFirst();
  return row ? 1 : 0;
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
 * was paid in Alaska, the last 12 months oldest first, a month with nothing as 0; read from the payments view's
 * sums by month.
 */
export async function revenueByMonth(
  deps: Pick<AppDeps, 'rm'>,
  now = new Date(),
): Promise<z.infer<typeof ZRevenueByMonth>> {
  const months = lastMonths(now);
  const kept = await keptCounts(deps.rm, countsTable('payments'), months.map(paidInMonthKey));
  return months.map((month) => ({ month, cents: kept[paidInMonthKey(month)]! }));
}
