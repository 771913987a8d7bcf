import type { TPage } from '@app/contracts/api/paging';
import { utcToLocal } from '@app/contracts/calendar/time-zone';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from './deps.ts';
import { sendKept, ViewTextCache } from './view-text-cache.ts';

/** Pages kept per list: the first pages of each filter the screens open, with room for paging on. */
const KEPT_PER_LIST = 200;

/**
 * The pages of a list (issue 23), kept as text while the views they are read from have not changed: most reads
 * are a screen opening its first page, again and again between two changes, and a kept page is sent (gzipped
 * once, 304 to a browser that has it) without a query. `scope` names whose rows the page holds ('all' for
 * staff, a client's own otherwise), so a page kept for one caller is never another's. A search is one person's
 * typing: made every time, never kept. `version` adds what the page depends on besides the views: the business
 * day by default (overdue flags, "today"), the signing window where a page holds file addresses.
 */
export function keptPages(
  deps: Pick<AppDeps, 'watcher'>,
  views: readonly string[],
  version: () => string = businessDay,
) {
  const cache = new ViewTextCache(views, (view) => deps.watcher.changeMarkOf(view), KEPT_PER_LIST);
  return async <T>(
    request: FastifyRequest,
    reply: FastifyReply,
    scope: string,
    make: () => Promise<TPage<T>>,
  ): Promise<FastifyReply | TPage<T>> => {
    const query = request.query as Record<string, unknown>;
    if (query.q !== undefined && query.q !== '') return make();
    const key = `${scope}?${queryKey(query)}`;
    const made = await cache.answer(key, cache.version(version()), async () => JSON.stringify(await make()));
    return sendKept(request, reply, made);
  };
}

/** The parsed query as one text, whatever order its parameters came in. */
const queryKey = (query: Record<string, unknown>) =>
  JSON.stringify(
    Object.entries(query)
      .filter(([, value]) => value !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );

const businessDay = () => utcToLocal(new Date()).date;
