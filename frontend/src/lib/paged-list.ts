import type { TPage } from '@app/contracts/api/paging';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError, apiRequest, storedToken } from './api';
import { signInAgain } from './failure';

/**
 * GET a read the screen asked for itself (a page, a picker's search): a 401 while a session was held tells the
 * person, as the default loader does (the toast and the way back to sign-in), and fails the read.
 */
export async function apiRead<T>(url: string): Promise<T> {
  try {
    return await apiRequest<T>('GET', url);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && storedToken()) signInAgain();
    throw error;
  }
}

/** A list's filters as query parameters: empty values and 'all' are left out (no filter). */
export function listParams(filters: Record<string, string | number | undefined>): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(filters))
    if (value !== undefined && value !== '' && value !== 'all') params[name] = String(value);
  return params;
}

/**
 * A list paged on the server (contracts/api/paging.ts), page after page as the person asks for more. Its
 * query key starts with the list's path, so whatever refreshes the list (a live update, a save) refreshes
 * every page of it too.
 */
export function usePagedList<T>(
  path: string,
  params: Record<string, string>,
  limit = 24,
  options: {
    /** 'always': read again each time the screen opens (a list no live update refreshes). */
    refetchOnMount?: 'always';
    /** Read every page again this often (ms), or never (false). */
    refetchInterval?: number | false;
  } = {},
) {
  const query = useInfiniteQuery({
    ...options,
    queryKey: [path, 'pages', params, limit],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const search = new URLSearchParams({ ...params, limit: String(limit) });
      if (pageParam) search.set('cursor', pageParam);
      return apiRead<TPage<T>>(`${path}?${search}`);
    },
    getNextPageParam: (last) => last.nextCursor,
    // While the next search's first page loads, the last one's rows stay on screen (no flash of a spinner).
    placeholderData: (previous) => previous,
  });
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;
  // A search the server stopped counting at: `total` is a lower bound ("1000+").
  const totalAtLeast = query.data?.pages[0]?.totalAtLeast === true;
  return { ...query, items, total, totalAtLeast };
}

/** `value`, once it has stopped changing for `ms` (a search box asks the server when the typing pauses). */
export function useSettled<T>(value: T, ms = 250): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
