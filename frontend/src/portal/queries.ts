import type { TClient } from '@app/contracts/api/clients';
import type { TAppointment, TDashboardStats } from '@app/contracts/api/portal';
import type { TProject } from '@app/contracts/api/projects';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../lib/api';

/**
 * The client dashboard's reads. The spec makes them the one exception to "no retries": they retry 3
 * times, but only failures a retry can cure (no answer, or a server error); a 4xx answer is final.
 */
export function portalRetry(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < 3;
}

/** A read with the default loader (a 401 reads as null) and the dashboard's retries. */
const read = <T>(path: string) => queryOptions<T | null>({ queryKey: [path], retry: portalRetry });

/**
 * GET /api/clients/me. A 404 means the account has no client record: that answer is null, not a failure.
 * A 401 stays a failure, so the screen can tell a lost session from an unlinked account.
 */
export const clientMeQuery = queryOptions({
  queryKey: ['/api/clients/me'],
  retry: portalRetry,
  queryFn: async (): Promise<TClient | null> => {
    try {
      return await apiRequest<TClient>('GET', '/api/clients/me');
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
});

export const clientProjectsQuery = read<TProject[]>('/api/projects/client');
export const clientAppointmentsQuery = read<TAppointment[]>('/api/appointments/client');
export const clientStatsQuery = read<TDashboardStats>('/api/dashboard/stats');

/** The route loader's prefetch of every dashboard read; failures stay in the cache for the page to show. */
export const prefetchClientDashboard = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.prefetchQuery(clientMeQuery),
    queryClient.prefetchQuery(clientProjectsQuery),
    queryClient.prefetchQuery(clientAppointmentsQuery),
    queryClient.prefetchQuery(clientStatsQuery),
  ]);
