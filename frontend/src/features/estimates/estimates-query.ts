import type { TEstimate } from '@app/contracts/api/estimates';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../lib/api';

/**
 * Every estimates read starts with this key, so one invalidation (a change here, or the admin's live update
 * for 'estimate') refreshes the list and an opened estimate together.
 */
export const ESTIMATES_KEY = '/api/estimates';

/** GET /api/estimates/{id}: one estimate (404 when it does not exist or was deleted). */
export const estimateQuery = (id: number) =>
  queryOptions({
    queryKey: [ESTIMATES_KEY, id],
    queryFn: async (): Promise<TEstimate | null> => {
      try {
        return await apiRequest<TEstimate>('GET', `${ESTIMATES_KEY}/${id}`);
      } catch (error) {
        // As the default loader: a lost session reads as nothing, the screen decides what to do.
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
  });

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** The numeric id of a route parameter, or null for anything that cannot be an estimate id. */
export function estimateIdOf(param: string): number | null {
  if (!/^\d{1,10}$/.test(param)) return null;
  const id = Number(param);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/** Where an estimate's quote is downloaded as a PDF, and its lines as CSV. */
export const estimatePdfUrl = (id: number) => `${ESTIMATES_KEY}/${id}/pdf`;
export const estimateCsvUrl = (id: number) => `${ESTIMATES_KEY}/${id}/csv`;
