import type { TPage } from '@app/contracts/api/paging';
import { businessToday } from '@app/contracts/calendar/time-zone';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from './deps.ts';
import { sendKept, ViewTextCache } from './view-text-cache.ts';

/**
 * How many answers one use keeps (the oldest asked goes first): a portal list's, one per client at a time; a
 * paged list's, the pages of the filters the screens open (at most about 30 kB each, so a crawler walking every
 * page holds a few megabytes, not the list).
 */
const KEPT_PER_CLIENT_LIST = 1000;
const KEPT_PAGES = 200;

/**
 * Answers kept as text while the views they are read from have not changed (issue 23): most reads are a
 * screen opening again between two changes, and a kept answer is sent (gzipped once, 304 to a browser that has
 * it) without a query. `key` names whose rows the answer holds, so one kept for a caller is never another's.
 * `version` adds what an answer depends on besides the views: the business day by default (overdue flags,
 * "today"), the signing window where it holds file addresses.
 */
export function keptTexts(
  deps: Pick<AppDeps, 'watcher'>,
  views: readonly string[],
  version: () => string = businessToday,
  max = KEPT_PER_CLIENT_LIST,
) {
  const cache = new ViewTextCache(views, (view) => deps.watcher.changeMarkOf(view), max);
  return async (
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    make: () => Promise<string>,
    keep = true,
  ) => sendKept(request, reply, await cache.answer(key, keep ? cache.version(version()) : null, make));
}

/** `keptTexts` of answers made as values (sent as their JSON). */
export function keptAnswers(
  deps: Pick<AppDeps, 'watcher'>,
  views: readonly string[],
  version: () => string = businessToday,
  max = KEPT_PER_CLIENT_LIST,
) {
  const kept = keptTexts(deps, views, version, max);
  return (
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    make: () => Promise<unknown>,
    keep = true,
  ) => kept(request, reply, key, async () => JSON.stringify(await make()), keep);
}

/**
 * A paged list's answers kept per query (see `keptAnswers`); `scope` is 'all' for staff, a client's own
 * otherwise. A search is one person's typing: made every time, never kept, but sent the same way (its JSON made
 * without the response serialiser, gzipped when large).
 */
export function keptPages(
  deps: Pick<AppDeps, 'watcher'>,
  views: readonly string[],
  version: () => string = businessToday,
) {
  const kept = keptAnswers(deps, views, version, KEPT_PAGES);
  return async <T>(
    request: FastifyRequest,
    reply: FastifyReply,
    scope: string,
    make: () => Promise<TPage<T>>,
  ): Promise<FastifyReply> => {
    const query = request.query as Record<string, unknown>;
    const searching = query.q !== undefined && query.q !== '';
    return kept(request, reply, `${scope}?${queryKey(query)}`, make, !searching);
  };
}

/** The parsed query as one text, whatever order its parameters came in. */
const queryKey = (query: Record<string, unknown>) =>
  JSON.stringify(
    Object.entries(query)
      .filter(([, value]) => value !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
