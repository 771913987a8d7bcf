import { comparePositions, type Position, START } from '@app/contracts/events/envelope';
import { type Kysely, sql } from 'kysely';
import { applyGroup, type KnownCheckpoints } from './apply.ts';
import { lockKey, readAllCheckpoints, readCheckpoint } from './checkpoints.ts';
import { rebuild } from './rebuild.ts';
import { backoffMs } from './transient.ts';
import type { AnyDb, EventSource, OpenPipelined, Projection } from './types.ts';

export interface DaemonLogger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** How often the connection holding the group's advisory lock is checked: its loss ends the ownership. */
const HEARTBEAT_MS = 1000;
/** The longest pause between attempts after failures (a database that is down, a lost connection). */
const MAX_PAUSE_MS = 5000;

/** Which projections of a group need a build before it goes live, and which only have one to finish. */
export function rebuildsNeeded(
  projections: readonly Projection[],
  checkpoints: readonly { name: string; target: string; version: number }[],
) {
  const live = (p: Projection) => checkpoints.find((c) => c.name === p.name && c.target === 'live');
  const building = (p: Projection) => checkpoints.some((c) => c.name === p.name && c.target === 'build');
  return {
    /** No live tables, or tables of another code version: the group cannot go live without them. */
    required: projections.filter((p) => live(p)?.version !== p.version),
    /** A rebuild was interrupted (a build checkpoint is left): resume it, unless another process is on it. */
    interrupted: projections.filter((p) => live(p)?.version === p.version && building(p)),
  };
}

/**
 * Keeps a group of projections' live tables up to date: one subscription from the oldest checkpoint of the
 * group, each batch applied to every projection in one transaction (each skips what its own checkpoint has
 * passed). One process at a time owns a group, through a session advisory lock on a connection that is
 * checked every second; when it is lost (the database restarted, the session was killed) the daemon backs
 * off, takes the lock again and goes on from the stored checkpoints. Before going live the owner rebuilds
 * a projection whose code version differs from its tables and resumes any interrupted rebuild.
 */
export class ProjectionDaemon {
  private stopped = false;
  private loop: Promise<void> | null = null;
  private ownership: AbortController | null = null;
  private wakeSleep: (() => void) | null = null;
  private readonly group: string;

  constructor(
    private readonly db: AnyDb,
    private readonly source: EventSource,
    private readonly projections: readonly Projection[],
    private readonly log: DaemonLogger,
    private readonly options: {
      batchSize?: number;
      ownerRetryMs?: number;
      interruptedCheckMs?: number;
      /** Pipelining connections for the batches (`applyGroup`'s fast path); without, one statement at a time. */
      pipelined?: OpenPipelined;
    } = {},
  ) {
    this.group = projections.map((p) => p.name).join(',');
  }

  start(): void {
    this.loop = this.run().catch(() => undefined);
  }

  /** Never throws: every failure is logged and followed by a growing pause. */
  private async run() {
    let failures = 0;
    while (!this.stopped) {
      // A standby asks for the group twice a second: after its owner dies it takes over within that.
      let pause = this.options.ownerRetryMs ?? 500;
      try {
        const outcome = await this.ownOnce(() => {
          failures = 0; // a batch went through: the next failure starts the backoff again
        });
        if (outcome === 'owned') pause = 0;
      } catch (err) {
        if (this.stopped) break;
        pause = backoffMs(failures++, 250, MAX_PAUSE_MS);
        this.safeLog('error', { err, projections: this.group, retryInMs: pause }, 'projection loop failed');
      }
      if (!this.stopped && pause > 0) await this.sleep(pause);
    }
  }

  private safeLog(level: 'info' | 'error', obj: object, msg: string) {
    try {
      this.log[level](obj, msg);
    } catch {
      // a logger that throws must not stop the projections
    }
  }

  /** A pause that `stop()` (or the abort of `signal`) cuts short. */
  private sleep(ms: number, signal?: AbortSignal) {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        resolve();
      }
      this.wakeSleep = done;
      signal?.addEventListener('abort', done, { once: true });
    }).finally(() => {
      this.wakeSleep = null;
    });
  }

  /**
   * Takes the group's lock and runs it until stopped or a failure; 'busy' when another process owns it.
   * Stopping, or losing the lock's connection, aborts the ownership: the batch under way ends first, so two
   * runners never overlap.
   */
  private async ownOnce(onProgress: () => void): Promise<'owned' | 'busy'> {
    return (this.db as Kysely<unknown>).connection().execute(async (conn) => {
      const key = lockKey('owner', this.group);
      const { rows } = await sql<{
        ok: boolean;
      }>`SELECT pg_try_advisory_lock(hashtext(${key})) AS ok`.execute(conn);
      if (!rows[0]?.ok) return 'busy';
      const ownership = new AbortController();
      this.ownership = ownership;
      if (this.stopped) ownership.abort();
      const heartbeat = setInterval(() => {
        sql`SELECT 1`.execute(conn).catch((err: unknown) => {
          ownership.abort(new Error('Lost the connection holding the projection lock', { cause: err }));
        });
      }, HEARTBEAT_MS);
      try {
        await this.ownAndRun(ownership.signal, onProgress);
        if (ownership.signal.aborted && !this.stopped) throw ownership.signal.reason;
        return 'owned';
      } finally {
        clearInterval(heartbeat);
        this.ownership = null;
        await sql`SELECT pg_advisory_unlock(hashtext(${key}))`.execute(conn).catch(() => undefined);
      }
    });
  }

  /** Builds what the group needs; waits for a rebuild another process is running of a required view. */
  private async rebuildWhatIsNeeded(signal: AbortSignal) {
    for (let attempt = 0; !signal.aborted; attempt++) {
      const { required, interrupted } = rebuildsNeeded(this.projections, await readAllCheckpoints(this.db));
      const todo = [...required, ...interrupted];
      if (todo.length === 0) return;
      this.safeLog('info', { projections: todo.map((p) => p.name) }, 'rebuilding projections');
      const done = new Set(await rebuild(this.db, this.source, todo, { skipBusy: true }));
      const waiting = required.filter((p) => !done.has(p.name));
      if (waiting.length === 0) return; // an interrupted rebuild another process is running stays its own
      this.safeLog(
        'info',
        { projections: waiting.map((p) => p.name) },
        'another process is rebuilding projections; waiting',
      );
      await this.sleep(backoffMs(attempt, 250, MAX_PAUSE_MS), signal);
    }
  }

  private async ownAndRun(signal: AbortSignal, onProgress: () => void) {
    await this.rebuildWhatIsNeeded(signal);
    if (signal.aborted) return;
    let from: Position | null = null;
    for (const p of this.projections) {
      const live = (await readCheckpoint(this.db, p.name, 'live'))!;
      if (!from || comparePositions(live.position, from) < 0) from = live.position;
    }
    // This process owns the group now: after the first batch it knows where the checkpoints stand.
    const known: KnownCheckpoints = new Map();
    let failure: unknown = null;
    let wake: () => void = () => undefined;
    const done = new Promise<void>((resolve) => {
      wake = resolve;
    });
    signal.addEventListener('abort', () => wake(), { once: true });
    if (signal.aborted) return;
    const sub = this.source.subscribeAll(
      from ?? START,
      async (events) => {
        const parked = await applyGroup(
          this.db,
          this.projections,
          'live',
          events,
          known,
          this.options.pipelined,
        );
        for (const dead of parked) {
          const { error, ...event } = dead;
          this.safeLog('error', { ...event, err: error }, `projection ${dead.projection} parked an event`);
        }
        onProgress();
      },
      {
        batchSize: this.options.batchSize ?? 500,
        onError: (err) => {
          failure = err;
          wake();
        },
      },
    );
    // A rebuild interrupted while this process runs the group (a CLI killed mid-way) is resumed too: going
    // round again through ownership builds it.
    const probe = setInterval(
      () =>
        void this.hasOrphanedBuild().then(
          (orphaned) => orphaned && wake(),
          () => undefined,
        ),
      this.options.interruptedCheckMs ?? 10_000,
    );
    try {
      await done;
    } finally {
      clearInterval(probe);
      await sub.stop();
    }
    if (failure) throw failure;
  }

  /** Whether a projection of the group has a build checkpoint nobody is working on (its build lock is free). */
  private async hasOrphanedBuild() {
    const { interrupted } = rebuildsNeeded(this.projections, await readAllCheckpoints(this.db));
    for (const p of interrupted) {
      const key = lockKey('build', p.name);
      const free = await (this.db as Kysely<unknown>).connection().execute(async (conn) => {
        const { rows } = await sql<{
          ok: boolean;
        }>`SELECT pg_try_advisory_lock(hashtext(${key})) AS ok`.execute(conn);
        if (rows[0]?.ok) await sql`SELECT pg_advisory_unlock(hashtext(${key}))`.execute(conn);
        return rows[0]?.ok === true;
      });
      if (free) return true;
    }
    return false;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wakeSleep?.();
    this.ownership?.abort();
    await this.loop;
  }
}

/** Where each live projection stands, for read-your-writes waits and /readyz. */
export async function livePositions(db: AnyDb): Promise<Map<string, Position>> {
  const { rows } = await sql<{ name: string; c: string; p: string }>`
    SELECT name, position_commit::text AS c, position_prepare::text AS p FROM projection_checkpoints WHERE target = 'live'`.execute(
    db,
  );
  return new Map(rows.map((r) => [r.name, { commit: BigInt(r.c), prepare: BigInt(r.p) }]));
}
