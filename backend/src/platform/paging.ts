import { PAGE_LIMIT_DEFAULT, TOTAL_COUNTED_MAX, type TPage, WHOLE_LIST_MAX } from '@app/contracts/api/paging';
import { type Kysely, type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import { z } from 'zod';
import { invalid } from './errors.ts';

/**
 * Keyset paging and search for the lists of issue 23 (the convention is in contracts/api/paging.ts). A cursor
 * is the sort key of the last row shown, with the list and sort it belongs to: base64url JSON, opaque to the
 * screen, checked here. It carries no rights: every page runs the list's own filters (a client's rows only),
 * so a cursor from another list or caller can only give a 400 or rows the caller may see anyway.
 */
const BAD_CURSOR = 'cursor is not one this list gave out';

const ZCursor = z.object({ l: z.string(), k: z.array(z.union([z.string(), z.number()])) });

export const encodeCursor = (list: string, key: readonly (string | number)[]) =>
  Buffer.from(JSON.stringify({ l: list, k: key })).toString('base64url');

/** The sort key a cursor of `list` carries, checked against `key`'s shape; 400 for anything else. */
export function decodeCursor<K extends z.ZodTypeAny>(list: string, cursor: string, key: K): z.infer<K> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid(BAD_CURSOR);
  }
  const envelope = ZCursor.safeParse(parsed);
  if (!envelope.success || envelope.data.l !== list) throw invalid(BAD_CURSOR);
  const values = key.safeParse(envelope.data.k);
  if (!values.success) throw invalid(BAD_CURSOR);
  return values.data;
}

/** A keyset sort key that is a timestamp, as text: exact to the microsecond, as a JS Date is not. */
export const ZCursorInstant = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/);

/**
 * A search as the LIKE patterns of its words (at most eight): every word must be found, anywhere in what the
 * list searches, whatever its case. `%`, `_` and `\` are matched as themselves.
 */
export function searchPatterns(q: string | undefined): string[] {
  const words = (q ?? '').split(/\s+/).filter(Boolean).slice(0, 8);
  return words.map((w) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}

/**
 * `column = ANY(ARRAY(ids))` for a search that also matches rows by a related record (a project by its
 * client's name): unlike `IN (subquery)`, Postgres can OR the column's index with the search's own index
 * (a BitmapOr), instead of reading every row of the list.
 */
export const amongIds = (
  column: string,
  // biome-ignore lint/suspicious/noExplicitAny: a one-column query of ids, whatever its table
  ids: SelectQueryBuilder<any, any, any>,
) => sql<boolean>`${sql.ref(column)} = ANY(ARRAY(${ids}))`;

/** Postgres' ILIKE of a text expression and a pattern from `searchPatterns`. */
export const ilike = (text: RawBuilder<unknown>, pattern: string) => sql<boolean>`${text} ILIKE ${pattern}`;

/**
 * The page from rows fetched with `limit + 1`: the extra row only says there is a next page, whose cursor is
 * the key of the last row shown.
 */
export function pageOf<R, T>(
  rows: readonly R[],
  options: {
    limit: number;
    total: number | Counted;
    list: string;
    keyOf: (row: R) => readonly (string | number)[];
    toItem: (row: R) => T;
  },
): TPage<T> {
  const shown = rows.slice(0, options.limit);
  const more = rows.length > options.limit && shown.length > 0;
  return {
    items: shown.map(options.toItem),
    nextCursor: more ? encodeCursor(options.list, options.keyOf(shown[shown.length - 1]!)) : null,
    ...(typeof options.total === 'number' ? { total: options.total } : options.total),
  };
}

/** A count of matching rows: exact, or TOTAL_COUNTED_MAX with `totalAtLeast` when there are more. */
export type Counted = { total: number; totalAtLeast?: true };

/**
 * How many rows `matching` (a list's FROM and WHERE) holds, counted no further than TOTAL_COUNTED_MAX: a
 * common word over a large table stops after a thousand rows instead of reading every match.
 */
export async function countUpTo(
  db: AnyDb,
  // biome-ignore lint/suspicious/noExplicitAny: any list's query, whatever its tables
  matching: SelectQueryBuilder<any, any, any>,
): Promise<Counted> {
  const { n } = await db
    .selectFrom(
      matching
        .select(sql`1`.as('one'))
        .limit(TOTAL_COUNTED_MAX + 1)
        .as('m'),
    )
    .select(sql<string>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  const total = Number(n);
  return total > TOTAL_COUNTED_MAX ? { total: TOTAL_COUNTED_MAX, totalAtLeast: true } : { total };
}

export const pageLimit = (limit: number | undefined) => limit ?? PAGE_LIMIT_DEFAULT;

// biome-ignore lint/suspicious/noExplicitAny: the counters' tables are named at run time
type AnyDb = Kysely<any>;

/** Kept counters (a document projection's `<table>_counts`) by key, 0 for a key never counted. */
export async function keptCounts<K extends string>(
  db: AnyDb,
  table: string,
  keys: readonly K[],
): Promise<Record<K, number>> {
  // The query builder, so the read models' schema (`rm`) applies to the table.
  const rows: { key: K; n: string }[] = await db
    .selectFrom(table)
    .select(['key', 'n'])
    .where('key', 'in', [...keys])
    .execute();
  const counts = Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
  for (const row of rows) counts[row.key] = Number(row.n);
  return counts;
}

/** The sum of kept counters of `keys`. */
export const keptCount = async (db: AnyDb, table: string, keys: readonly string[]) =>
  Object.values<number>(await keptCounts(db, table, keys)).reduce((a, b) => a + b, 0);

/**
 * Refuses a whole-array answer of a list longer than WHOLE_LIST_MAX rows (its kept counter of every row, `''`),
 * with a 400 that says how to ask for it instead.
 */
export async function refuseWholeListOver(db: AnyDb, table: string, noun: string) {
  const total = await keptCount(db, table, ['']);
  if (total > WHOLE_LIST_MAX)
    throw invalid(
      `There are ${total} ${noun}: ask for them a page at a time (?limit= up to 200, then ?cursor= with each page's nextCursor).`,
      'list_too_long',
    );
}
