import type { TProjectCounts, TProjectStatus, TProjectType } from '@app/contracts/api/projects';
import { listParams } from '../../../lib/paged-list';
import { showing } from '../../../lib/showing';

export type StatusFilter = TProjectStatus | 'all';
export type TypeFilter = TProjectType | 'all';
export type TrackingFilters = { search: string; status: StatusFilter; type: TypeFilter };
export const NO_FILTERS: TrackingFilters = { search: '', status: 'all', type: 'all' };

/** The five counts of the summary grid; the pending bucket holds pending and approved jobs. */
export type TrackingCounts = TProjectCounts;

/** The filters as the server's query (`GET /api/projects`): every search word in the title, client or description. */
export const trackingParams = (filters: TrackingFilters) =>
  listParams({ q: filters.search.trim(), status: filters.status, type: filters.type });

export const isFiltered = (filters: TrackingFilters) =>
  filters.search.trim() !== '' || filters.status !== 'all' || filters.type !== 'all';

/** The footer, as the spec writes it (plural even for one). */
export const showingText = showing('jobs', 'jobs');
