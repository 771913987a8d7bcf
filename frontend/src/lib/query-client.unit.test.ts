import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryClient, summarises } from './query-client';

describe('summary queries', () => {
  it('a query sums up the lists its meta names, and no other', () => {
    const meta = { summarises: ['/api/clients', '/api/projects'] };
    expect(summarises(meta, '/api/projects')).toBe(true);
    expect(summarises(meta, '/api/users')).toBe(false);
    expect(summarises(undefined, '/api/projects')).toBe(false);
    expect(summarises(meta, undefined)).toBe(false);
  });

  it('invalidating a list refetches the figures that sum it up, and leaves others alone', async () => {
    const reads: string[] = [];
    const watch = (key: string, summarisesLists: string[]) =>
      new QueryObserver(queryClient, {
        queryKey: [key],
        queryFn: () => {
          reads.push(key);
          return reads.length;
        },
        meta: { summarises: summarisesLists },
      }).subscribe(() => undefined);
    const stop = [watch('/stats', ['/api/projects']), watch('/other', ['/api/users'])];
    await new Promise((resolve) => setTimeout(resolve, 10));
    reads.length = 0;
    await queryClient.invalidateQueries({ queryKey: ['/api/projects'] });
    expect(reads).toEqual(['/stats']);
    for (const unsubscribe of stop) unsubscribe();
    queryClient.clear();
  });
});
