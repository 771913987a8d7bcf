import type { TConsultation, TConsultationCounts, TConsultationSet } from '@app/contracts/api/consultations';
import { queryOptions } from '@tanstack/react-query';
import { apiRead } from '../../../lib/paged-list';

export const consultationsQuery = queryOptions<TConsultation[]>({ queryKey: ['/api/consultations'] });

/** Every consultations read starts with this path, so a change or the admin's live update refreshes them all. */
export const CONSULTATIONS_KEY = '/api/consultations';

/** GET /api/consultations/counts?set=: a set's summary tiles, from the server's kept counters. */
export const consultationCountsQuery = (set: TConsultationSet) =>
  queryOptions({
    queryKey: [CONSULTATIONS_KEY, 'counts', set],
    queryFn: () => apiRead<TConsultationCounts>(`${CONSULTATIONS_KEY}/counts?set=${set}`),
  });
