import { QueryClient } from '@tanstack/react-query';
import { defaultQueryFn } from './api';

/** Query defaults from the spec's shared conventions: no refetching, data never stale, no retries. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: defaultQueryFn,
      refetchInterval: false,
      refetchOnWindowFocus: false,
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
    },
    mutations: { retry: false },
  },
});
