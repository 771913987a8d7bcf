import type { StoredEvent } from '@app/contracts/events/envelope';
import { sql } from 'kysely';
import type { ApplyContext, Projection } from './types.ts';

/** Orders positions as one number, so a row can remember the last event it saw in one column. */
export const positionKey = (e: StoredEvent) => (e.position.commit << 64n) | e.position.prepare;

type Row = Record<string, unknown> & { last_event_position?: string };

export interface DocumentProjectionSpec<R extends Record<string, unknown>> {
  name: string;
  version: number;
  syncType: Projection['syncType'];
  table: string;
  /** The events it acts on (its aggregate's); others may carry the same id field and must not touch a row. */
  eventTypes: ReadonlySet<string>;
  /** Must include `id` (primary key) and `last_event_position numeric NOT NULL`. */
  ddl(schema: string): string;
  /** The row an event (one of `eventTypes`) touches, or null when it touches none. */
  idOf(event: StoredEvent): number | string | null;
  /** The next row; null deletes it, undefined leaves it unchanged. */
  evolve(row: R | null, event: StoredEvent): R | null | undefined;
  /**
   * Rows keep their record's version in a `version integer NOT NULL` column: the number of events in the
   * row's stream up to the last one applied (its revision + 1), which an edit sends back as `If-Match`. It is
   * the stream's own count, apart from the global position that guards the row.
   */
  streamVersion?: true;
  /**
   * Kept counters (issue 23: a list's total is read, never counted over the table): a table `<table>_counts`
   * of `(key, n)` holding, for each key `keysOf` gives a row, how many rows have it ('' for all rows, say,
   * `status:pending`, `client:42`). Moved by each batch by the difference its rows made.
   */
  counts?: {
    keysOf(row: R): readonly string[];
    /** Kept sums beside the counters, in the same table: each `[key, amount]` a row adds to (cents paid, say). */
    sumsOf?(row: R): readonly (readonly [string, number])[];
  };
}

/** The kept counters' table of a document projection's table (see `DocumentProjectionSpec.counts`). */
export const countsTable = (table: string) => `${table}_counts`;

/** The version of a record after one of its stream's events: how many events its stream holds by then. */
export const versionAfter = (e: StoredEvent) => Number(e.revision) + 1;

/**
 * One row per aggregate, folded in memory per batch: load the touched rows in one query, evolve them,
 * then write them back with one bulk upsert and one bulk delete. Each row keeps the position of the last
 * event applied to it, so replaying an event it has seen is a no-op.
 */
export function documentProjection<R extends Record<string, unknown>>(
  spec: DocumentProjectionSpec<R>,
): Projection {
  return {
    name: spec.name,
    version: spec.version,
    syncType: spec.syncType,
    tables: spec.counts ? [spec.table, countsTable(spec.table)] : [spec.table],
    keyed: true,
    eventTypes: spec.eventTypes,
    ddl: spec.counts
      ? (s) =>
          `${spec.ddl(s)};\n    CREATE TABLE ${s}.${countsTable(spec.table)} (key text PRIMARY KEY, n bigint NOT NULL);`
      : spec.ddl,
    async apply(events, { tx, schema, keys }: ApplyContext) {
      const touched = events.map((e) => [e, spec.idOf(e)] as const).filter(([, id]) => id !== null);
      if (touched.length === 0) return 0;
      for (const [, id] of touched) keys.add(String(id));
      const table = sql.table(`${schema}.${spec.table}`);
      const ids = [...new Set(touched.map(([, id]) => String(id)))];
      // The ids as an array of the table's own id type, so the lookup is a primary key index scan.
      const idArray = (keys: string[]) =>
        sql`ARRAY(SELECT r.id FROM jsonb_populate_recordset(NULL::${table}, ${JSON.stringify(keys.map((id) => ({ id })))}::jsonb) r)`;
      const { rows: loaded } = await sql<Row>`SELECT * FROM ${table} WHERE id = ANY(${idArray(ids)})`.execute(
        tx,
      );
      const current = new Map<string, Row | null>(loaded.map((r) => [String(r.id), r]));
      const changed = new Set<string>();
      for (const [event, id] of touched) {
        const key = String(id);
        const row = current.get(key) ?? null;
        const pos = positionKey(event);
        if (row?.last_event_position !== undefined && BigInt(row.last_event_position) >= pos) continue;
        const next = spec.evolve(row as R | null, event);
        const kept = next === undefined && spec.streamVersion && row ? row : next;
        if (kept === undefined) continue;
        const version = spec.streamVersion && { version: versionAfter(event) };
        current.set(key, kept === null ? null : { ...kept, ...version, last_event_position: pos.toString() });
        changed.add(key);
      }
      const upserts = [...changed].map((k) => current.get(k)).filter((r): r is Row => !!r);
      const deletes = [...changed].filter((k) => current.get(k) === null);
      if (upserts.length > 0) {
        const columns = Object.keys(upserts[0]!);
        const cols = sql.join(columns.map((c) => sql.ref(c)));
        const updates = sql.join(
          columns.filter((c) => c !== 'id').map((c) => sql`${sql.ref(c)} = excluded.${sql.ref(c)}`),
        );
        await sql`INSERT INTO ${table} (${cols})
          SELECT ${cols} FROM jsonb_populate_recordset(NULL::${table}, ${JSON.stringify(upserts)}::jsonb)
          ON CONFLICT (id) DO UPDATE SET ${updates}`.execute(tx);
      }
      if (deletes.length > 0) await sql`DELETE FROM ${table} WHERE id = ANY(${idArray(deletes)})`.execute(tx);
      if (spec.counts && changed.size > 0) {
        const before = new Map(loaded.map((r) => [String(r.id), r]));
        const { keysOf, sumsOf } = spec.counts;
        const moves = countMoves(
          (row: R) => [...keysOf(row).map((key) => [key, 1] as const), ...(sumsOf?.(row) ?? [])],
          [...changed].map((k) => [before.get(k) ?? null, current.get(k) ?? null] as [R | null, R | null]),
        );
        const counts = sql.table(`${schema}.${countsTable(spec.table)}`);
        if (moves.length > 0)
          await sql`INSERT INTO ${counts} AS c (key, n)
            SELECT key, n FROM jsonb_to_recordset(${JSON.stringify(moves)}::jsonb) AS m(key text, n bigint)
            ON CONFLICT (key) DO UPDATE SET n = c.n + excluded.n`.execute(tx);
        // A counter back at 0 is no row, as a rebuild (whose batches net out) leaves it: replay-check compares.
        const fallen = moves.filter((m) => m.n < 0).map((m) => m.key);
        if (fallen.length > 0)
          await sql`DELETE FROM ${counts} WHERE n = 0 AND key = ANY(${fallen})`.execute(tx);
      }
      return changed.size;
    },
  };
}

/**
 * How each counter (or sum) moves when rows change from `before` to `after` (null: no row), given the amounts
 * a row adds to each key; counters that stay are left out.
 */
export function countMoves<R>(
  amountsOf: (row: R) => readonly (readonly [string, number])[],
  changes: readonly (readonly [R | null, R | null])[],
): { key: string; n: number }[] {
  const moves = new Map<string, number>();
  const move = (row: R | null, sign: number) => {
    if (row) for (const [key, n] of amountsOf(row)) moves.set(key, (moves.get(key) ?? 0) + sign * n);
  };
  for (const [before, after] of changes) {
    move(before, -1);
    move(after, 1);
  }
  return [...moves].filter(([, n]) => n !== 0).map(([key, n]) => ({ key, n }));
}
