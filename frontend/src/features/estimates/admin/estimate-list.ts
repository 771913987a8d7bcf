import type { TEstimate, TEstimateStatus } from '@app/contracts/api/estimates';
import { listParams } from '../../../lib/paged-list';
import { showing } from '../../../lib/showing';

/** All Estimates' search, sort and filter (spec part 2, section 2.6). */
export const ESTIMATE_SORTS = [
  { value: 'date', label: 'Newest first' },
  { value: 'cost', label: 'Highest cost first' },
  { value: 'title', label: 'Title A-Z' },
] as const;
export type EstimateSort = (typeof ESTIMATE_SORTS)[number]['value'];

export const ESTIMATE_FILTERS = [
  { value: 'all', label: 'All estimates' },
  { value: 'starlink', label: 'Starlink' },
  { value: 'cameras', label: 'Security cameras' },
] as const;
export type EstimateFilter = (typeof ESTIMATE_FILTERS)[number]['value'];

export const STATUS_FILTERS = [
  { value: 'all', label: 'All statuses' },
  { value: 'draft', label: 'Draft' },
  { value: 'sent', label: 'Sent' },
  { value: 'accepted', label: 'Accepted' },
  { value: 'declined', label: 'Declined' },
] as const;
export type EstimateStatusFilter = TEstimateStatus | 'all';

export type EstimateListOptions = {
  search: string;
  sort: EstimateSort;
  filter: EstimateFilter;
  status?: EstimateStatusFilter;
  clientId?: string;
};
export const NO_OPTIONS: EstimateListOptions = {
  search: '',
  sort: 'date',
  filter: 'all',
  status: 'all',
  clientId: '',
};

/**
 * All Estimates as asked of the server (`GET /api/estimates`, issue 23): every word of the search in the quote
 * number, title, job, location, client or project; the status, the client, what the quote includes; the order.
 */
export const estimatesParams = (options: EstimateListOptions) =>
  listParams({
    q: options.search.trim(),
    status: options.status,
    clientId: options.clientId,
    includes: options.filter,
    sort: options.sort === 'date' ? undefined : options.sort,
  });

/** What a search looks in: title, job name, client, location, quote number, project. */
const haystack = (estimate: TEstimate) =>
  [
    estimate.title,
    estimate.jobName,
    estimate.clientName,
    estimate.location,
    estimate.quoteNumber,
    estimate.projectTitle,
  ]
    .filter(Boolean)
    .join('\n')
    .toLowerCase();

/** Starlink: the quote includes a Starlink installation; cameras: it includes at least one camera. */
const FILTERS: Record<EstimateFilter, (estimate: TEstimate) => boolean> = {
  all: () => true,
  starlink: (estimate) => estimate.starlinkInstall,
  cameras: (estimate) => estimate.cameraType !== 'none' && estimate.cameraCount > 0,
};

const title = new Intl.Collator('en-US', { sensitivity: 'base', numeric: true });
const SORTS: Record<EstimateSort, (a: TEstimate, b: TEstimate) => number> = {
  date: (a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id,
  cost: (a, b) => b.totalCents - a.totalCents || b.id - a.id,
  title: (a, b) => title.compare(a.title, b.title) || a.id - b.id,
};

export function visibleEstimates(estimates: readonly TEstimate[], options: EstimateListOptions): TEstimate[] {
  const words = options.search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  return estimates
    .filter(FILTERS[options.filter])
    .filter((estimate) => {
      const text = haystack(estimate);
      return words.every((word) => text.includes(word));
    })
    .sort(SORTS[options.sort]);
}

export const isFiltered = (options: EstimateListOptions) =>
  options.search.trim() !== '' ||
  options.filter !== 'all' ||
  (options.status ?? 'all') !== 'all' ||
  (options.clientId ?? '') !== '';

export const showingText = showing('estimate', 'estimates');
