import type { TPage } from '@app/contracts/api/paging';
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRead, useSettled } from './paged-list';

/** How many matches a picker shows: enough to choose from, few enough to read. */
export const PICKER_PAGE = 20;

/**
 * What a search combobox (ui/SearchCombobox) over a server list needs: the page of matches for what was typed,
 * asked once the typing pauses (`searchKey` with the text after it, `searchUrl` the page's address), and the
 * record chosen. `id` may be set from outside (a page opened for one record); that record is then read with
 * `readOne` to show its name.
 */
export function usePickerSearch<T extends { id: number }, R extends T, K extends QueryKey>({
  id,
  onChange,
  searchKey,
  searchUrl,
  readOne,
}: {
  id: number | null;
  onChange: (item: T | null) => void;
  searchKey: QueryKey;
  searchUrl: (q: string) => string;
  /** Reads the record given by `id`: a whole record (`R`), of which the picker needs what a list row has. */
  readOne: (id: number) => UseQueryOptions<R | null, Error, R | null, K>;
}) {
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<T | null>(null);
  const q = useSettled(text.trim());
  const found = useQuery({
    queryKey: [...searchKey, q],
    queryFn: () => apiRead<TPage<T>>(searchUrl(q)),
    placeholderData: (previous) => previous,
  });
  const given = useQuery({ ...readOne(id ?? 0), enabled: id !== null && picked?.id !== id });
  return {
    items: found.data?.items ?? [],
    selected: id === null ? null : picked?.id === id ? picked : (given.data ?? null),
    onSelect: (item: T | null) => {
      setPicked(item);
      onChange(item);
    },
    onSearch: setText,
    loading: found.isFetching || q !== text.trim(),
  };
}

/** A page of a list's first matches for `q` (every row when nothing was typed), with the list's own filters. */
export function pickerUrl(path: string, q: string, filters: Record<string, string> = {}) {
  return `${path}?${new URLSearchParams({ limit: String(PICKER_PAGE), ...filters, ...(q ? { q } : {}) })}`;
}
