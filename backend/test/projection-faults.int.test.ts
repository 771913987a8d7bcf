import { randomUUID } from 'node:crypto';
import type { TDomainEvent } from '@app/contracts/events/domain';
import { comparePositions, type Position, START } from '@app/contracts/events/envelope';
import { CHANGES_CHANNEL } from '@app/projections/runtime/apply';
import { createCheckpoint, lockKey, readCheckpoint, schemaFor } from '@app/projections/runtime/checkpoints';
import { type DaemonLogger, ProjectionDaemon } from '@app/projections/runtime/daemon';
import { parkedEvents, retryParked } from '@app/projections/runtime/parked';
import { rebuild } from '@app/projections/runtime/rebuild';
import { projectionStatus } from '@app/projections/runtime/status';
import type { Projection } from '@app/projections/runtime/types';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore } from '../src/eventstore/postgres.ts';
import { toNewEvents } from '../src/platform/command.ts';
import { createKysely } from '../src/platform/db.ts';
import { migrate } from '../src/platform/migrations.ts';
import { ProjectionWatcher } from '../src/platform/projection-watcher.ts';
import { createTestDatabase } from './db.ts';
import { eventually } from './eventually.ts';

const actor = { id: 1, role: 'admin' as const, correlationId: randomUUID(), clientIp: null };
const loggedOut = (userId: number): TDomainEvent => ({ type: 'UserLoggedOut', data: { userId } });

/** A log that remembers errors, so a test can say none was logged. */
const recordingLog = () => {
  const errors: { obj: object; msg: string }[] = [];
  const log: DaemonLogger = { info: () => undefined, error: (obj, msg) => errors.push({ obj, msg }) };
  return { log, errors };
};

/**
 * Counts every event it is given (no idempotence guard, on purpose): a lost or duplicated event shows as a
 * count that differs from the log's. `onApply` lets a test inject failures or see who applied.
 */
const counting = (
  name: string,
  onApply: (events: number) => void | Promise<void> = () => undefined,
): Projection => {
  const table = `${name.replaceAll('-', '_')}_count`;
  return {
    name,
    version: 1,
    syncType: null,
    tables: [table],
    ddl: (schema) =>
      `CREATE TABLE ${schema}.${table} (n integer NOT NULL); INSERT INTO ${schema}.${table} VALUES (0);`,
    async apply(events, { tx, schema }) {
      await onApply(events.length);
      await sql.raw(`UPDATE ${schema}.${table} SET n = n + ${events.length}`).execute(tx);
      return events.length;
    },
  };
};

describe('projection runtime under faults', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Kysely<unknown>;
  let store: PostgresEventStore;
  const daemons: ProjectionDaemon[] = [];

  /** Where the newest append of this file ended (appends here are one at a time). */
  let lastAppended: Position = START;
  const append = async (userId: number, n = 1) => {
    const events = toNewEvents(
      Array.from({ length: n }, () => loggedOut(userId)),
      actor,
    );
    const r = await store.append(`user-${userId}`, events, 'any');
    if (comparePositions(r.lastPosition, lastAppended) > 0) lastAppended = r.lastPosition;
    return r;
  };
  const eventCount = async () =>
    (await sql<{ n: number }>`SELECT count(*)::int AS n FROM es_events`.execute(db)).rows[0]!.n;
  const counted = async (p: Projection) =>
    (await sql<{ n: number }>`SELECT n FROM ${sql.table(`rm.${p.tables[0]}`)}`.execute(db)).rows[0]?.n;
  /**
   * Waits until the view's live checkpoint has passed the newest append. (Not the store's head: on a shared
   * server another session's open transaction can keep committed events from readers for a while.)
   */
  const caughtUp = (p: Projection, ms = 30_000) =>
    eventually(
      `${p.name} to catch up`,
      async () => {
        const cp = await readCheckpoint(db, p.name, 'live');
        return cp !== null && comparePositions(cp.position, lastAppended) >= 0;
      },
      ms,
    );
  const startDaemon = (ps: Projection[], log: DaemonLogger = recordingLog().log) => {
    const d = new ProjectionDaemon(db, store, ps, log, {
      ownerRetryMs: 100,
      batchSize: 50,
      interruptedCheckMs: 200,
    });
    daemons.push(d);
    d.start();
    return d;
  };
  const ownerPid = async (group: string) => {
    const { rows } = await sql<{ pid: number }>`
      SELECT l.pid FROM pg_locks l JOIN pg_database d ON d.oid = l.database
      WHERE l.locktype = 'advisory' AND l.granted AND d.datname = current_database()
        AND ((l.classid::bigint << 32) | l.objid::bigint) = (hashtext(${lockKey('owner', group)})::bigint & x'ffffffffffffffff'::bigint)`.execute(
      db,
    );
    return rows[0]?.pid ?? null;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    db = createKysely(database.pool) as Kysely<unknown>;
    await migrate(db);
    store = new PostgresEventStore(database.pool);
    await append(1, 10);
  });
  afterAll(async () => {
    for (const d of daemons) await d.stop();
    await store.close();
    await database.drop();
  });

  it('a second daemon never applies a batch while the first holds the group', async () => {
    const applied: string[] = [];
    const first = startDaemon([counting('test-owner', () => void applied.push('first'))]);
    await eventually('the first daemon to apply', async () => applied.includes('first'));
    const second = startDaemon([counting('test-owner', () => void applied.push('second'))]);
    for (let i = 0; i < 10; i++) {
      await append(2, 3);
      await new Promise((r) => setTimeout(r, 100));
    }
    await caughtUp(counting('test-owner'));
    expect(applied).not.toContain('second');

    await first.stop(); // the group is free: the second one takes over and goes on
    await append(2, 3);
    await eventually('the second daemon to take over', async () => applied.includes('second'));
    await caughtUp(counting('test-owner'));
    expect(await counted(counting('test-owner'))).toBe(await eventCount());
    await second.stop();
  });

  it('rebuild swaps during continuous appends lose and duplicate nothing', async () => {
    const view = counting('test-swap');
    const { log, errors } = recordingLog();
    startDaemon([view], log);
    await caughtUp(view);
    let appending = true;
    const writer = (async () => {
      for (let i = 0; appending; i++) await append(100 + (i % 7), 1 + (i % 3));
    })();
    try {
      for (let i = 0; i < 10; i++) {
        await new Promise((r) => setTimeout(r, 100));
        expect(await rebuild(db, store, view)).toEqual([view.name]);
      }
    } finally {
      appending = false;
      await writer;
    }
    await caughtUp(view);
    expect(await counted(view)).toBe(await eventCount());
    expect(await parkedEvents(db, view.name)).toEqual([]);
    expect(errors.filter((e) => /deadlock/.test(JSON.stringify(e)))).toEqual([]);
  }, 60_000);

  it('retries a transient error without parking; parks a deterministic one, and retry applies it after the fix', async () => {
    let transientLeft = 0;
    let broken = false;
    const view = counting('test-flaky', async (n) => {
      if (n === 1 && transientLeft > 0) {
        transientLeft--;
        throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
      }
      if (n === 1 && broken) throw Object.assign(new Error('a projector bug'), { code: '23502' });
    });
    // A batch of one event fails, first transiently, later deterministically until "fixed".
    const { log, errors } = recordingLog();
    startDaemon([view], log);
    await caughtUp(view);
    transientLeft = 1;
    await append(3, 1);
    await caughtUp(view);
    expect(transientLeft).toBe(0);
    expect(await parkedEvents(db, view.name)).toEqual([]);
    expect(await counted(view)).toBe(await eventCount());

    broken = true;
    const r = await append(3, 1);
    await caughtUp(view);
    const parked = await parkedEvents(db, view.name);
    expect(parked).toEqual([expect.objectContaining({ projection: view.name, type: 'UserLoggedOut' })]);
    expect(parked[0]!.error).toMatch(/a projector bug/);
    expect((await readCheckpoint(db, view.name, 'live'))!.position).toEqual(r.lastPosition);
    expect(errors.map((e) => e.msg)).toContain(`projection ${view.name} parked an event`);
    const status = await projectionStatus(db, store, [view]);
    expect(status[0]).toMatchObject({ name: view.name, parked: 1 });

    expect(await retryParked(db, store, view)).toMatchObject({
      applied: 0,
      stillFailing: [expect.anything()],
    });
    broken = false; // the fix
    expect(await retryParked(db, store, view)).toEqual({ applied: 1, stillFailing: [] });
    expect(await parkedEvents(db, view.name)).toEqual([]);
    expect(await counted(view)).toBe(await eventCount());
  });

  it('survives its lock connection being terminated, and every connection of the database', async () => {
    const view = counting('test-survive');
    const { log } = recordingLog();
    startDaemon([view], log);
    await caughtUp(view);
    const pid = await eventually('the owner lock', () => ownerPid(view.name));
    await sql`SELECT pg_terminate_backend(${pid})`.execute(db);
    await append(4, 2);
    await caughtUp(view);
    const newPid = await eventually('the lock taken again', async () => {
      const p = await ownerPid(view.name);
      return p !== pid && p;
    });
    expect(newPid).not.toBe(pid);

    // As when Postgres restarts: every session of the database goes.
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    await admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    await admin.end();
    await eventually('the store to answer again', () => append(4, 2).then(() => true));
    await caughtUp(view);
    expect(await counted(view)).toBe(await eventCount());
  }, 60_000);

  it('the projection watcher listens again after its connection is terminated', async () => {
    const watcher = new ProjectionWatcher(database.pool, db, []);
    await watcher.start();
    try {
      const seen: string[] = [];
      watcher.on('change', (n) => seen.push(n.projection));
      const listeners = sql<{ pid: number }>`SELECT pid FROM pg_stat_activity
        WHERE datname = current_database() AND query = ${`LISTEN ${CHANGES_CHANNEL}`}`;
      for (let round = 0; round < 2; round++) {
        const { rows } = await listeners.execute(db);
        expect(rows.length).toBe(1);
        await sql`SELECT pg_terminate_backend(${rows[0]!.pid})`.execute(db);
        const name = `test-watched-${round}`;
        const notice = JSON.stringify({ projection: name, position: '0/0', changed: 1, syncType: null });
        // Notices sent while it reconnects are lost (its poll covers positions): send until one arrives.
        await eventually('a notice after reconnecting', async () => {
          await sql`SELECT pg_notify(${CHANGES_CHANNEL}, ${notice})`.execute(db);
          await new Promise((r) => setTimeout(r, 100));
          return seen.includes(name);
        });
      }
    } finally {
      await watcher.close();
    }
  });

  it('resumes an interrupted rebuild when it takes ownership, and waits for one another process runs', async () => {
    const view = counting('test-resume');
    let d = startDaemon([view]);
    await caughtUp(view);
    await d.stop();
    // What a rebuild killed right after it started leaves: scratch tables and a build checkpoint.
    const scratch = schemaFor(view.name, 'build');
    await sql.raw(`CREATE SCHEMA ${scratch}; ${view.ddl(scratch)}`).execute(db);
    await createCheckpoint(db, view.name, 'build', view.version);
    await append(5, 2);
    d = startDaemon([view]);
    await eventually(
      'the build to be resumed and swapped in',
      async () => !(await readCheckpoint(db, view.name, 'build')),
    );
    await caughtUp(view);
    expect(await counted(view)).toBe(await eventCount());

    // Interrupted while the daemon runs the group: it resumes it without a restart.
    await sql.raw(`CREATE SCHEMA ${scratch}; ${view.ddl(scratch)}`).execute(db);
    await createCheckpoint(db, view.name, 'build', view.version);
    await append(5, 2);
    await eventually(
      'the build to be resumed while running',
      async () => !(await readCheckpoint(db, view.name, 'build')),
    );
    await caughtUp(view);
    expect(await counted(view)).toBe(await eventCount());
    await d.stop();

    // A new code version must be built before going live; another process holds its build lock meanwhile.
    const v2 = { ...view, version: 2 };
    const other = new pg.Client({ connectionString: database.url });
    await other.connect();
    await other.query('SELECT pg_advisory_lock(hashtext($1))', [lockKey('build', view.name)]);
    const { log, errors } = recordingLog();
    d = startDaemon([v2], log);
    await new Promise((r) => setTimeout(r, 1000));
    expect((await readCheckpoint(db, view.name, 'live'))!.version).toBe(1);
    await other.end(); // the other process is done (here: gone); the daemon builds it itself
    await eventually(
      'version 2 to go live',
      async () => (await readCheckpoint(db, view.name, 'live'))?.version === 2,
    );
    await append(5, 1);
    await caughtUp(v2);
    expect(await counted(v2)).toBe(await eventCount());
    expect(errors).toEqual([]);
  }, 60_000);
});
