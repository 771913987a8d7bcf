import { comparePositions, positionToString, START, type StoredEvent } from '@app/contracts/events/envelope';
import { sql } from 'kysely';
import { readAllCheckpoints } from './checkpoints.ts';
import type { AnyDb, EventSource, Projection } from './types.ts';

export interface ProjectionStatus {
  name: string;
  codeVersion: number;
  tableVersion: number | null;
  position: string | null;
  /** Null when not counted (the cheap check of /readyz). */
  lagEvents: number | null;
  lagEventsCapped: boolean;
  lagSeconds: number;
  parked: number;
  rebuildInProgress: boolean;
}

const LAG_CAP = 10_000;

/**
 * Checkpoint, lag (events and seconds behind the head) and parked events of every projection. Without
 * `countLag` it reads one event per distinct checkpoint that is behind the head, not the events behind it.
 */
export async function projectionStatus(
  db: AnyDb,
  source: EventSource,
  projections: readonly Pick<Projection, 'name' | 'version'>[],
  { countLag = true }: { countLag?: boolean } = {},
) {
  const [cps, parked, head] = await Promise.all([
    readAllCheckpoints(db),
    sql<{ projection: string; n: number }>`
      SELECT projection, count(*)::int AS n FROM projection_dead_letters WHERE target = 'live' GROUP BY projection`
      .execute(db)
      .then((r) => r.rows),
    source.headPosition(),
  ]);
  // Views that stand at the same checkpoint (most of them, most of the time) share one read.
  const reads = new Map<string, Promise<StoredEvent[]>>();
  const behind = (from: typeof START) => {
    const key = positionToString(from);
    let read = reads.get(key);
    if (!read) {
      read =
        comparePositions(from, head) >= 0
          ? Promise.resolve([])
          : source.readAll(from, countLag ? LAG_CAP + 1 : 1);
      reads.set(key, read);
    }
    return read;
  };
  const out: ProjectionStatus[] = [];
  for (const p of projections) {
    const live = cps.find((c) => c.name === p.name && c.target === 'live');
    const events = await behind(live?.position ?? START);
    const oldest = events[0];
    out.push({
      name: p.name,
      codeVersion: p.version,
      tableVersion: live?.version ?? null,
      position: live ? positionToString(live.position) : null,
      lagEvents: countLag ? Math.min(events.length, LAG_CAP) : null,
      lagEventsCapped: countLag && events.length > LAG_CAP,
      lagSeconds: oldest ? Math.max(0, (Date.now() - Date.parse(oldest.metadata.occurredAt)) / 1000) : 0,
      parked: parked.find((r) => r.projection === p.name)?.n ?? 0,
      rebuildInProgress: cps.some((c) => c.name === p.name && c.target === 'build'),
    });
  }
  return out;
}

/** Why a set of views is not ready, in words naming them; empty when they are. */
export function projectionProblems(status: readonly ProjectionStatus[], maxLagSeconds: number) {
  const names = (pick: (s: ProjectionStatus) => boolean, show = (s: ProjectionStatus) => s.name) =>
    status.filter(pick).map(show).join(', ');
  const problems: string[] = [];
  const missing = names((s) => s.tableVersion === null);
  if (missing) problems.push(`not built: ${missing}`);
  const stale = names(
    (s) => s.tableVersion !== null && s.tableVersion !== s.codeVersion,
    (s) => `${s.name} (tables v${s.tableVersion}, code v${s.codeVersion})`,
  );
  if (stale) problems.push(`version differs: ${stale}`);
  const rebuilding = names((s) => s.rebuildInProgress);
  if (rebuilding) problems.push(`rebuilding: ${rebuilding}`);
  const slow = names(
    (s) => s.lagSeconds > maxLagSeconds,
    (s) => `${s.name} (${s.lagSeconds.toFixed(1)} s)`,
  );
  if (slow) problems.push(`behind: ${slow}`);
  const parked = names(
    (s) => s.parked > 0,
    (s) => `${s.name} (${s.parked})`,
  );
  if (parked) problems.push(`parked events in: ${parked}`);
  return problems;
}

export interface HoldingTransaction {
  pid: number;
  database: string | null;
  applicationName: string | null;
  state: string | null;
  ageSeconds: number;
  query: string | null;
}

export interface ReadersHeldBack {
  /** The oldest running transaction of the whole server, when older than `minAgeSeconds`. */
  transaction: HoldingTransaction | null;
  /** Events committed after it started, which no reader gets before it ends (Postgres event store only). */
  events: number;
  /** Seconds since the oldest of those events was appended. */
  seconds: number;
}

/**
 * The Postgres event store hands readers only events of transactions older than every transaction still
 * running on the server (any database): one long transaction holds every view back. Names it, and what it
 * holds back when the events are in this database (`eventsHere`).
 */
export async function readersHeldBack(
  db: AnyDb,
  { eventsHere, minAgeSeconds = 5 }: { eventsHere: boolean; minAgeSeconds?: number },
): Promise<ReadersHeldBack | null> {
  const { rows } = await sql<{
    pid: number;
    datname: string | null;
    application_name: string | null;
    state: string | null;
    age: number;
    query: string | null;
  }>`
    SELECT pid, datname, application_name, state,
      extract(epoch FROM now() - coalesce(xact_start, backend_start))::float8 AS age, left(query, 80) AS query
    FROM pg_stat_activity, (SELECT xid(pg_snapshot_xmin(pg_current_snapshot())) AS x) s
    WHERE (backend_xid = s.x OR backend_xmin = s.x) AND pid <> pg_backend_pid()
    ORDER BY backend_xid = s.x DESC NULLS LAST, xact_start LIMIT 1`.execute(db);
  const r = rows[0];
  const transaction =
    r && r.age >= minAgeSeconds
      ? {
          pid: r.pid,
          database: r.datname,
          applicationName: r.application_name,
          state: r.state,
          ageSeconds: Math.round(r.age * 10) / 10,
          query: r.query,
        }
      : null;
  let events = 0;
  let seconds = 0;
  if (eventsHere) {
    // Committed events at or above the snapshot's xmin: readable by no one until that transaction ends.
    const { rows: held } = await sql<{ n: number; age: number | null }>`
      SELECT count(*)::int AS n, extract(epoch FROM now() - min(created_at))::float8 AS age FROM es_events
      WHERE transaction_id >= pg_snapshot_xmin(pg_current_snapshot())`.execute(db);
    events = held[0]?.n ?? 0;
    seconds = Math.round((held[0]?.age ?? 0) * 10) / 10;
  }
  if (!transaction && events === 0) return null;
  return { transaction, events, seconds };
}

/** One line naming the transaction holding readers back, for `status` and /readyz. */
export function describeHeldBack(h: ReadersHeldBack) {
  const t = h.transaction;
  const who = t
    ? `transaction pid ${t.pid} (database ${t.database ?? '?'}, application ${t.applicationName || '?'}, ${t.state ?? '?'}, open ${t.ageSeconds} s): ${t.query ?? ''}`
    : 'a running transaction';
  return h.events > 0 ? `${h.events} event(s) held back ${h.seconds} s by ${who}` : `oldest ${who}`;
}
