import type { TDashboardStats } from '@app/contracts/api/portal';
import { sql } from 'kysely';
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
    total_revenue: string;
    paid_projects: number;
  }>`
    SELECT
      (SELECT count(*)::int FROM rm.clients c WHERE ${ofClient('c.id')}) AS total_clients,
      (SELECT count(*)::int FROM rm.projects p WHERE ${ofClient('p.client_id')}) AS total_projects,
      (SELECT count(*)::int FROM rm.projects p WHERE p.status = 'in_progress' AND ${ofClient('p.client_id')}) AS active_projects,
      (SELECT count(*)::int FROM rm.documents d WHERE d.status = 'pending' AND d.superseded_by IS NULL AND ${waiting}) AS pending_documents,
      (SELECT count(*)::int FROM rm.payments y WHERE y.status = 'pending' AND ${ofClient('y.client_id')}) AS pending_payments,
      (SELECT coalesce(sum(y.amount), 0)::text FROM rm.payments y WHERE y.status = 'completed' AND ${ofClient('y.client_id')}) AS total_revenue,
      (SELECT count(DISTINCT y.project_id)::int FROM rm.payments y WHERE y.status = 'completed' AND ${ofClient('y.client_id')}) AS paid_projects`.execute(
    deps.db,
  );
  const row = rows[0]!;
  const totalRevenue = Number(row.total_revenue);
  return {
    totalClients: row.total_clients,
    totalProjects: row.total_projects,
    activeProjects: row.active_projects,
    pendingDocuments: row.pending_documents,
    pendingPayments: row.pending_payments,
    totalRevenue,
    averageProjectValue:
      row.paid_projects === 0 ? 0 : Math.round((totalRevenue / row.paid_projects) * 100) / 100,
  };
}
