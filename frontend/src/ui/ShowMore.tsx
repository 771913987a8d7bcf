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
