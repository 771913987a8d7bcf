import type { TPage } from '@app/contracts/api/paging';
import { expect } from 'vitest';
import type { TestApp } from './app.ts';

/**
 * A paged list's test calls (contracts/api/paging.ts), on the test app `app()` gives once it has started, as
 * `caller()`: `page` asks for one (200 expected), `walk` follows
 * `nextCursor` from the first page to the last and answers each row's `keyOf` (with `between` run after each
 * page: the place to insert rows while paging), `refused` expects a 400 with a message.
 */
export function pagedList<T>(
  app: () => TestApp,
  path: string,
  keyOf: (item: T) => string | number,
  /** Whose pages `page` and `walk` ask for: the admin's unless said. */
  caller: () => string | null = () => app().adminToken,
) {
  const page = async (query: string, token: string | null = caller()) => {
    const res = await app().call('GET', `${path}?${query}`, undefined, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as TPage<T>;
  };
  const walk = async (query: string, between?: (pageNumber: number) => Promise<void>) => {
    const seen: (string | number)[] = [];
    let cursor: string | null = null;
    for (let n = 0; n < 100; n++) {
      const p: TPage<T> = await page(`${query}${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...p.items.map(keyOf));
      await between?.(n);
      cursor = p.nextCursor;
      if (!cursor) return seen;
    }
    throw new Error('no last page');
  };
  const refused = async (query: string, message: RegExp, at = path) => {
    const res = await app().call('GET', `${at}?${query}`, undefined, caller());
    expect(res.status, query).toBe(400);
    expect(res.body.message, query).toMatch(message);
  };
  return { page, walk, refused };
}
