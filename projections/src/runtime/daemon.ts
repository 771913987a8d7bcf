import { comparePositions, type Position, START } from '@app/contracts/events/envelope';
import { type Kysely, sql } from 'kysely';
import { applyGroup, type KnownCheckpoints } from './apply.ts';
import { lockKey, readCheckpoint } from './checkpoints.ts';
import { rebuild } from './rebuild.ts';
import type { AnyDb, EventSource, Projection } from './types.ts';

export interface DaemonLogger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Keeps a group of projections' live tables up to date: one subscription from the oldest checkpoint of the
 * group, each batch applied to every projection in one transaction (each skips what its own checkpoint has
 * passed). One process at a time owns a group, through a session advisory lock. A projection whose code
 * version differs from its tables is rebuilt (into fresh tables, swapped in) before the group goes live.
 */
export class ProjectionDaemon {
  private stopped = false;
  private loop: Promise<void> | null = null;
  private stopCurrent: (() => Promise<void>) | null = null;
  private readonly group: string;

  constructor(
    private readonly db: AnyDb,
    private readonly source: EventSource,
    private readonly projections: readonly Projection[],
    private readonly log: DaemonLogger,
    private readonly options: { batchSize?: number; ownerRetryMs?: number } = {},
  ) {
    this.group = projections.map((p) => p.name).join(',');
  }

  start(): void {
    this.loop = this.run();
  }

  private async run() {
    while (!this.stopped) {
      try {
        await (this.db as Kysely<unknown>).connection().execute(async (conn) => {
          const key = lockKey('owner', this.group);
          const { rows } = await sql<{
            ok: boolean;
          }>`SELECT pg_try_advisory_lock(hashtext(${key})) AS ok`.execute(conn);
          if (!rows[0]?.ok) return; // another process owns the group; try again later
          try {
            await this.ownAndRun();
          } finally {
            await sql`SELECT pg_advisory_unlock(hashtext(${key}))`.execute(conn).catch(() => undefined);
          }
        });
      } catch (err) {
        this.log.error({ err, projections: this.group }, 'projection loop failed; retrying');
      }
      if (!this.stopped) await new Promise((r) => setTimeout(r, this.options.ownerRetryMs ?? 2000));
    }
  }

  private async ownAndRun() {
    const stale: Projection[] = [];
    for (const p of this.projections) {
      const live = await readCheckpoint(this.db, p.name, 'live');
      if (!live || live.version !== p.version) stale.push(p);
    }
    if (stale.length > 0) {
      this.log.info({ projections: stale.map((p) => p.name) }, 'rebuilding projections');
      await rebuild(this.db, this.source, stale);
    }
    if (this.stopped) return;
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
    const sub = this.source.subscribeAll(
      from ?? START,
      (events) => applyGroup(this.db, this.projections, 'live', events, known),
      {
        batchSize: this.options.batchSize ?? 500,
        onError: (err) => {
          failure = err;
          wake();
        },
      },
    );
    this.stopCurrent = async () => {
      wake();
      await sub.stop();
    };
    await done;
    await sub.stop();
    if (failure) throw failure;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.stopCurrent?.();
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
