import {
  type InvalidateOptions,
  type InvalidateQueryFilters,
  QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { defaultQueryFn } from './api';
import { signInAgain } from './failure';

declare module '@tanstack/react-query' {
  interface Register {
    /** `summarises`: the lists (their query keys' first element) a figure is computed from. */
    queryMeta: { summarises?: readonly string[] };
  }
}

/** Whether a query with this meta sums up the list whose key starts with `list`. */
export const summarises = (meta: { summarises?: readonly string[] } | undefined, list: unknown) =>
  typeof list === 'string' && (meta?.summarises?.includes(list) ?? false);

/**
 * Invalidating a list also invalidates the queries that sum it up (the dashboard's figures from clients,
 * projects, documents and payments): whoever refreshes a list (a live update, a mutation) need not know them.
 */
class SummaryAwareQueryClient extends QueryClient {
  override async invalidateQueries<TTaggedQueryKey extends QueryKey = QueryKey>(
    filters?: InvalidateQueryFilters<TTaggedQueryKey>,
    options?: InvalidateOptions,
  ): Promise<void> {
    const list = filters?.queryKey?.[0];
    const summaries = this.getQueryCache().findAll({ predicate: (query) => summarises(query.meta, list) });
    await Promise.all([
      super.invalidateQueries(filters, options),
      ...summaries.map((query) =>
        super.invalidateQueries({ queryKey: query.queryKey, exact: true }, options),
      ),
    ]);
  }
}

/** Query defaults from the spec's shared conventions: no refetching, data never stale, no retries. */
export const queryClient = new SummaryAwareQueryClient({
  defaultOptions: {
    queries: {
      queryFn: (context) => defaultQueryFn(context, signInAgain),
      refetchInterval: false,
      refetchOnWindowFocus: false,
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
    },
    mutations: { retry: false },
  },
});
