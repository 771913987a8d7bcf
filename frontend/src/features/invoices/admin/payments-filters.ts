import type { TPaymentStats } from '@app/contracts/api/invoices';
import type { PaymentStatus } from '@app/contracts/invoices/rules';
import { queryOptions } from '@tanstack/react-query';
import { apiRead, listParams } from '../../../lib/paged-list';
import { showing } from '../../../lib/showing';
import { PAYMENTS_KEY } from '../payments-query';

/**
 * The Payments view's search and filters (issue 23), asked of the server (`GET /api/payments`): every word of
 * the search in the invoice number, description, client or project; the client; and a range of invoice dates
 * (the day each was issued, in Alaska, as the row shows it). The status is the tab the list is shown in.
 */
export type PaymentFilters = { search: string; clientId: string; from: string; to: string };
export const NO_PAYMENT_FILTERS: PaymentFilters = { search: '', clientId: '', from: '', to: '' };

/** A date range the wrong way round (the To field says so, and the list is asked without it). */
export const rangeReversed = (filters: PaymentFilters) =>
  filters.from !== '' && filters.to !== '' && filters.from > filters.to;

export const isFiltered = (filters: PaymentFilters) =>
  filters.search.trim() !== '' || filters.clientId !== '' || filters.from !== '' || filters.to !== '';

/** The query of one tab's list: its status ('all': none) and the filters. */
export const paymentsParams = (filters: PaymentFilters, status: PaymentStatus | 'all') =>
  listParams({
    q: filters.search.trim(),
    status,
    clientId: filters.clientId,
    from: filters.from,
    to: rangeReversed(filters) ? '' : filters.to,
  });

export const showingText = showing('invoice', 'invoices');

/**
 * GET /api/payments/stats: the stat cards and the tabs' counts, from the server's kept sums. Its key starts with
 * the payments lists' own, so whatever refreshes them (a change, the admin's live update) refreshes it too.
 */
export const paymentStatsQuery = queryOptions({
  queryKey: [PAYMENTS_KEY, 'stats'],
  queryFn: () => apiRead<TPaymentStats>(`${PAYMENTS_KEY}/stats`),
});
