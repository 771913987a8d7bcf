import type { Position } from '@app/contracts/events/envelope';
import { type Kysely, sql } from 'kysely';
import { applyBatch } from './apply.ts';
import { lockKey, readCheckpoint } from './checkpoints.ts';
import { rebuild } from './rebuild.ts';
import type { AnyDb, EventSource, Projection } from './types.ts';

export interface DaemonLogger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Keeps every projection's live tables up to date: one loop per projection, each owned by one process at a
 * time through a session advisory lock. A projection whose code version differs from its tables is rebuilt
 * (into fresh tables, swapped in) before it goes live.
 */
export class ProjectionDaemon {
  private stopped = false;
  private readonly loops: Promise<void>[] = [];
  private readonly stops: (() => Promise<void>)[] = [];

  constructor(
    private readonly db: AnyDb,
    private readonly source: EventSource,
    private readonly projections: readonly Projection[],
    private readonly log: DaemonLogger,
    private readonly options: { batchSize?: number; ownerRetryMs?: number } = {},
  ) {}

  start(): void {
    for (const p of this.projections) this.loops.push(this.run(p));
  }

  private async run(p: Projection) {
    while (!this.stopped) {
      try {
        await (this.db as Kysely<unknown>).connection().execute(async (conn) => {
          const key = lockKey('owner', p.name);
          const { rows } = await sql<{ ok: boolean }>`SELECT pg_try_advisory_lock(hashtext(${key})) AS ok`.execute(conn);
          if (!rows[0]?.ok) return; // another process owns it; try again later
          try {
            await this.ownAndRun(p);
          } finally {
            await sql`SELECT pg_advisory_unlock(hashtext(${key}))`.execute(conn).catch(() => undefined);
          }
        });
      } catch (err) {
        this.log.error({ err, projection: p.name }, 'projection loop failed; retrying');
      }
      if (!this.stopped) await new Promise((r) => setTimeout(r, this.options.ownerRetryMs ?? 2000));
    }
  }

  private async ownAndRun(p: Projection) {
    const live = await readCheckpoint(this.db, p.name, 'live');
    if (!live || live.version !== p.version) {
      this.log.info({ projection: p.name, from: live?.version ?? null, to: p.version }, 'rebuilding projection');
      await rebuild(this.db, this.source, p);
    }
    const cp = (await readCheckpoint(this.db, p.name, 'live'))!;
    let failure: unknown = null;
    let wake: () => void = () => undefined;
    const done = new Promise<void>((resolve) => {
      wake = resolve;
    });
    const sub = this.source.subscribeAll(
      cp.position,
      async (events) => {
        await applyBatch(this.db, p, 'live', events);
      },
      {
        batchSize: this.options.batchSize ?? 500,
        onError: (err) => {
          failure = err;
          wake();
        },
      },
    );
    this.stops.push(async () => {
      wake();
      await sub.stop();
    });
    await done;
    await sub.stop();
    if (failure) throw failure;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.stops.map((s) => s()));
    await Promise.all(this.loops);
  }
}

/** Where each live projection stands, for read-your-writes waits and /readyz. */
export async function livePositions(db: AnyDb): Promise<Map<string, Position>> {
  const { rows } = await sql<{ name: string; c: string; p: string }>`
    SELECT name, position_commit::text AS c, position_prepare::text AS p FROM projection_checkpoints WHERE target = 'live'`.execute(db);
  return new Map(rows.map((r) => [r.name, { commit: BigInt(r.c), prepare: BigInt(r.p) }]));
}
