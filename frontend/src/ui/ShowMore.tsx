import { Button } from './Button';

/** What a list paged on the server (`usePagedList`) tells its "Show More" button. */
type Paged = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };

/** The button that loads a list's next page, shown while there is one. */
export function ShowMore({ list, label }: { list: Paged; label: string }) {
  if (!list.hasNextPage) return null;
  return (
    <Button variant="outline" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
      {list.isFetchingNextPage ? 'Loading…' : label}
    </Button>
  );
}

/**
 * Under a list paged on the server: how many of how many it shows ("Showing 24 of 130 jobs", read out as it
 * changes) and its Show More button.
 */
export function PagedFooter({
  list,
  shown,
  showing,
  label,
}: {
  list: Paged & { total: number; totalAtLeast: boolean };
  shown: number;
  showing: (shown: number, total: number, atLeast: boolean) => string;
  label: string;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <p className="text-sm text-slate-700" aria-live="polite">
        {showing(shown, list.total, list.totalAtLeast)}
      </p>
      <ShowMore list={list} label={label} />
    </div>
  );
}
