import type { TDailyNote, TDashboardStats } from '@app/contracts/api/portal';
import { queryOptions } from '@tanstack/react-query';

/**
 * GET /api/dashboard/stats. Unlike the lists, no live update names these figures, and any change to
 * clients, projects, documents or payments moves them: they are read again each time the view opens.
 */
export const statsQuery = queryOptions<TDashboardStats>({ queryKey: ['/api/dashboard/stats'], staleTime: 0 });

/** GET /api/dashboard/notes?day=YYYY-MM-DD: the signed-in admin's notes of that day. */
export const notesQuery = (day: string) =>
  queryOptions<TDailyNote[]>({ queryKey: [`/api/dashboard/notes?day=${day}`] });
