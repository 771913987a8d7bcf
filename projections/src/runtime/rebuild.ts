import { comparePositions, type Position, positionToString, START } from '@app/contracts/events/envelope';
import { type Kysely, sql } from 'kysely';
import { CHANGES_CHANNEL, type ChangeNotice, lockTablesOf } from './apply.ts';
import { catchUp } from './catch-up.ts';
import { createCheckpoint, lockKey, readCheckpoint, schemaFor, type Target } from './checkpoints.ts';
import { backoffMs, isTransientError, sleep } from './transient.ts';
import type { AnyDb, AnyTx, EventSource, Projection } from './types.ts';

/**
 * Runs `fn` while holding session advisory locks, all on one pooled connection (so locking many projections
 * costs one connection). A lock another session holds fails the call (`busy` is the message), or with
 * `skipBusy` leaves that key out: `fn` gets the keys it holds.
 */
async function withSessionLocks<T>(
  db: AnyDb,
  keys: readonly { key: string; busy: string }[],
  fn: (held: ReadonlySet<string>) => Promise<T>,
  skipBusy = false,
): Promise<T> {
  return (db as Kysely<unknown>).connection().execute(async (conn) => {
    const held: string[] = [];
    try {
      for (const { key, busy } of keys) {
        const { rows } = await sql<{
          ok: boolean;
        }>`SELECT pg_try_advisory_lock(hashtext(${key})) AS ok`.execute(conn);
        if (rows[0]?.ok) held.push(key);
        else if (!skipBusy) throw new Error(busy);
      }
      return await fn(new Set(held));
    } finally {
      for (const key of held)
        await sql`SELECT pg_advisory_unlock(hashtext(${key}))`.execute(conn).catch(() => undefined);
    }
  });
}

/**
 * Builds projections' tables from the start of the log into their scratch schemas, in one pass over the
 * log. A build interrupted (even by SIGKILL) resumes from its own checkpoints, which commit with its rows;
 * a build left by another code version starts over.
 */
async function build(
  db: AnyDb,
  source: EventSource,
  ps: readonly Projection[],
  target: Exclude<Target, 'live'>,
) {
  for (const p of ps) {
    const schema = schemaFor(p.name, target);
    const existing = await readCheckpoint(db, p.name, target);
    if (existing && existing.version === p.version) continue;
    await (db as Kysely<unknown>).transaction().execute(async (tx) => {
      await sql
        .raw(`DROP SCHEMA IF EXISTS ${schema} CASCADE; CREATE SCHEMA ${schema}; ${p.ddl(schema)}`)
        .execute(tx);
      await sql`DELETE FROM projection_dead_letters WHERE projection = ${p.name} AND target = ${target}`.execute(
        tx,
      );
      await createCheckpoint(tx, p.name, target, p.version, START);
    });
  }
  // Large batches: a rebuild is throughput work. Each projection applies a batch in its own transaction
  // with its own checkpoint, concurrently with the others (nobody reads scratch tables before the swap).
  await catchUp(db, source, ps, target, { batchSize: 5000, separateTx: true });
}

/** Brings a target up to `until` inside the caller's transaction (used while the live checkpoint is locked). */
const catchUpInTx = (tx: AnyTx, source: EventSource, p: Projection, target: Target, until: Position) =>
  catchUp(tx, source, p, target, { until, inTx: tx });

/** Attempts at a swap that failed transiently (its lock wait timed out, a deadlock, a lost connection). */
const SWAP_ATTEMPTS = 8;

/**
 * Rebuilds projections into fresh tables (one pass over the log for all of them), then swaps each in
 * atomically: readers never see a half-built view. With `skipBusy`, projections another process is
 * rebuilding are left to it; the answer names the projections this call rebuilt.
 */
export async function rebuild(
  db: AnyDb,
  source: EventSource,
  ps: Projection | readonly Projection[],
  { skipBusy = false }: { skipBusy?: boolean } = {},
): Promise<string[]> {
  const list: readonly Projection[] = Array.isArray(ps) ? ps : [ps as Projection];
  const locks = list.map((p) => ({
    key: lockKey('build', p.name),
    busy: `A rebuild of ${p.name} is already running`,
  }));
  return withSessionLocks(
    db,
    locks,
    async (held) => {
      const mine = list.filter((p) => held.has(lockKey('build', p.name)));
      if (mine.length === 0) return [];
      await build(db, source, mine, 'build');
      for (const p of mine) {
        for (let attempt = 0; ; attempt++) {
          try {
            await swap(db, source, p);
            break;
          } catch (err) {
            if (!isTransientError(err) || attempt + 1 >= SWAP_ATTEMPTS) throw err;
            await sleep(backoffMs(attempt, 200));
          }
        }
      }
      return mine.map((p) => p.name);
    },
    skipBusy,
  );
}

/**
 * Puts a built projection's tables in place of the live ones and its build checkpoint in place of the live
 * one. Locks in the order every writer uses (live tables, then the checkpoint row), with a lock timeout so
 * that a long reader makes the swap retry rather than queue every other reader behind it.
 */
async function swap(db: AnyDb, source: EventSource, p: Projection) {
  await (db as Kysely<unknown>).transaction().execute(async (tx) => {
    await sql`SET LOCAL lock_timeout = '2s'`.execute(tx);
    const tables = p.tables.map((t) => `rm.${t}`).sort();
    const { rows: existing } = await sql<{ t: string }>`
      SELECT t FROM unnest(${tables}::text[]) WITH ORDINALITY AS x(t, i) WHERE to_regclass(t) IS NOT NULL ORDER BY i`.execute(
      tx,
    );
    if (existing.length > 0)
      await sql.raw(`LOCK TABLE ${existing.map((r) => r.t).join(', ')} IN ACCESS EXCLUSIVE MODE`).execute(tx);
    // The live runner's next batch now waits for the swap to commit.
    const live = await readCheckpoint(tx, p.name, 'live', true);
    const built = (await readCheckpoint(tx, p.name, 'build', true))!;
    // The live view may have moved past the build meanwhile: finish those events into the new tables.
    if (live && comparePositions(live.position, built.position) > 0) {
      await catchUpInTx(tx, source, p, 'build', live.position);
    }
    const finalCp = (await readCheckpoint(tx, p.name, 'build'))!;
    const scratch = schemaFor(p.name, 'build');
    const moves = p.tables.map(
      (t) => `DROP TABLE IF EXISTS rm.${t} CASCADE; ALTER TABLE ${scratch}.${t} SET SCHEMA rm;`,
    );
    await sql.raw(moves.join('\n')).execute(tx);
    await sql.raw(`DROP SCHEMA ${scratch} CASCADE`).execute(tx);
    await sql`DELETE FROM projection_checkpoints WHERE name = ${p.name} AND target = 'build'`.execute(tx);
    await createCheckpoint(tx, p.name, 'live', p.version, finalCp.position);
    await sql`DELETE FROM projection_dead_letters WHERE projection = ${p.name} AND target = 'live'`.execute(
      tx,
    );
    await sql`UPDATE projection_dead_letters SET target = 'live' WHERE projection = ${p.name} AND target = 'build'`.execute(
      tx,
    );
    const notice: ChangeNotice = {
      projection: p.name,
      position: positionToString(finalCp.position),
      changed: 1,
      syncType: p.syncType,
    };
    await sql`SELECT pg_notify(${CHANGES_CHANNEL}, ${JSON.stringify(notice)})`.execute(tx);
  });
}

export interface TableDiff {
  table: string;
  onlyLive: number;
  onlyRebuilt: number;
}

/**
 * Rebuilds a projection into scratch tables and compares them row for row with the live ones at the same
 * position. An empty list means the live view is exactly what replaying the log produces.
 */
export async function replayCheck(db: AnyDb, source: EventSource, p: Projection): Promise<TableDiff[]> {
  const lock = { key: lockKey('check', p.name), busy: `A replay check of ${p.name} is already running` };
  return withSessionLocks(db, [lock], async () => {
    await (db as Kysely<unknown>).transaction().execute(async (tx) => {
      await sql`DELETE FROM projection_checkpoints WHERE name = ${p.name} AND target = 'check'`.execute(tx);
    });
    await build(db, source, [p], 'check');
    const scratch = schemaFor(p.name, 'check');
    try {
      return await (db as Kysely<unknown>).transaction().execute(async (tx) => {
        await lockTablesOf(tx, [p], 'live', 'ROW EXCLUSIVE'); // tables before checkpoints, as every writer
        const live = await readCheckpoint(tx, p.name, 'live', true);
        if (!live) throw new Error(`Projection ${p.name} has no live tables yet`);
        const check = (await readCheckpoint(tx, p.name, 'check', true))!;
        const order = comparePositions(live.position, check.position);
        if (order > 0) await catchUpInTx(tx, source, p, 'check', live.position);
        if (order < 0) await catchUpInTx(tx, source, p, 'live', check.position);
        const diffs: TableDiff[] = [];
        for (const t of p.tables) {
          const { rows } = await sql<{ only_live: number; only_rebuilt: number }>`
            SELECT (SELECT count(*)::int FROM (TABLE ${sql.table(`rm.${t}`)} EXCEPT ALL TABLE ${sql.table(`${scratch}.${t}`)}) a) AS only_live,
                   (SELECT count(*)::int FROM (TABLE ${sql.table(`${scratch}.${t}`)} EXCEPT ALL TABLE ${sql.table(`rm.${t}`)}) b) AS only_rebuilt`.execute(
            tx,
          );
          const r = rows[0]!;
          if (r.only_live || r.only_rebuilt)
            diffs.push({ table: t, onlyLive: r.only_live, onlyRebuilt: r.only_rebuilt });
        }
        return diffs;
      });
    } finally {
      await sql.raw(`DROP SCHEMA IF EXISTS ${scratch} CASCADE`).execute(db);
      await sql`DELETE FROM projection_checkpoints WHERE name = ${p.name} AND target = 'check'`.execute(db);
      await sql`DELETE FROM projection_dead_letters WHERE projection = ${p.name} AND target = 'check'`.execute(
        db,
      );
    }
  });
}
