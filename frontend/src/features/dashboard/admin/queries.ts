import type { TDailyNote, TDashboardStats } from '@app/contracts/api/portal';
import { queryOptions } from '@tanstack/react-query';

/**
 * GET /api/dashboard/stats: figures over clients, projects, documents and payments. No live update names
 * them, so they sum up those lists: whatever refreshes a list refreshes them (lib/query-client.ts).
 */
export const statsQuery = queryOptions<TDashboardStats>({
  queryKey: ['/api/dashboard/stats'],
  meta: { summarises: ['/api/clients', '/api/projects', '/api/documents', '/api/payments'] },
});

/** GET /api/dashboard/notes?day=YYYY-MM-DD: the signed-in admin's notes of that day. */
export const notesQuery = (day: string) =>
  queryOptions<TDailyNote[]>({ queryKey: [`/api/dashboard/notes?day=${day}`] });
