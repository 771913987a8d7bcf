import { z } from 'zod';
import { ZCalendarDay, ZText } from './primitives.ts';

/**
 * One convention for every list that grows (issue 23): `?limit=` (default 50, at most 200), `?cursor=` (the
 * `nextCursor` of the page before: opaque, keyset-based, so rows inserted meanwhile are neither skipped nor
 * shown twice), `?q=` (search) and the list's own filters. Any of them asks for a page, answered as
 * `{ items, nextCursor, total }`; a list asked with none keeps the spec's whole-array answer.
 */
export const PAGE_LIMIT_DEFAULT = 50;
export const PAGE_LIMIT_MAX = 200;
export const SEARCH_MAX_LENGTH = 200;
/**
 * A search (or several filters at once) is counted up to this many rows, so that its cost grows with the page,
 * not the business: beyond it the answer says `totalAtLeast` and `total` is this number ("1,000+").
 */
export const TOTAL_COUNTED_MAX = 1000;
/**
 * The most rows a list answers as the spec's whole array (asked with no parameter). Past it the whole answer
 * is tens of megabytes that no screen shows and one API process cannot hold (50,000 projects with their
 * photos' addresses): such a list answers 400 and names the paging parameters instead.
 */
export const WHOLE_LIST_MAX = 5000;

const LIMIT_RANGE = `limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}`;

export const ZPageParams = {
  limit: z.coerce
    .number({ error: LIMIT_RANGE })
    .int(LIMIT_RANGE)
    .min(1, LIMIT_RANGE)
    .max(PAGE_LIMIT_MAX, LIMIT_RANGE)
    .optional(),
  cursor: z
    .string()
    .max(400, 'cursor is not one this list gave out')
    .regex(/^[A-Za-z0-9_-]+$/, 'cursor is not one this list gave out')
    .optional(),
  q: ZText(SEARCH_MAX_LENGTH, { error: 'q must be text' }).optional(),
};

/**
 * A list's query: the paging parameters and its own filters, nothing else (an unknown parameter, say a filter
 * misspelled, is a 400 rather than a list that silently ignores it).
 */
export const ZListQuery = <F extends z.ZodRawShape>(filters: F) =>
  z.strictObject({ ...ZPageParams, ...filters });

/** Whether a list's query asks for a page (any parameter at all) rather than the whole-array answer. */
export const asksForPage = (query: Record<string, unknown>) =>
  Object.values(query).some((v) => v !== undefined);

export const ZPage = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    /** The next page's `cursor`; null on the last page. */
    nextCursor: z.string().nullable(),
    /** How many rows the whole list (with its search and filters) holds. */
    total: z.number().int(),
    /** Present when a search matched more than TOTAL_COUNTED_MAX: `total` is then a lower bound. */
    totalAtLeast: z.literal(true).optional(),
  });
export type TPage<T> = { items: T[]; nextCursor: string | null; total: number; totalAtLeast?: true };

/** A list's `from` and `to` filters: calendar days, inclusive, the first not after the second. */
export const ZDayRange = {
  from: ZCalendarDay('from must be a date (YYYY-MM-DD)').optional(),
  to: ZCalendarDay('to must be a date (YYYY-MM-DD)').optional(),
};
export const fromNotAfterTo: [
  (q: { from?: string; to?: string }) => boolean,
  { message: string; path: string[] },
] = [(q) => !q.from || !q.to || q.from <= q.to, { message: 'from must not be after to', path: ['from'] }];

export const EMPTY_PAGE: TPage<never> = { items: [], nextCursor: null, total: 0 };
