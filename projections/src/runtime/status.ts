import { positionToString, START } from '@app/contracts/events/envelope';
import { sql } from 'kysely';
import { readAllCheckpoints } from './checkpoints.ts';
import type { AnyDb, EventSource, Projection } from './types.ts';

export interface ProjectionStatus {
  name: string;
  codeVersion: number;
  tableVersion: number | null;
  position: string | null;
  lagEvents: number;
  lagEventsCapped: boolean;
  lagSeconds: number;
  parked: number;
  rebuildInProgress: boolean;
}

const LAG_CAP = 10_000;

/** Checkpoint, lag (events and seconds behind the head) and parked events of every projection. */
export async function projectionStatus(
  db: AnyDb,
  source: EventSource,
  projections: readonly Pick<Projection, 'name' | 'version'>[],
) {
  const cps = await readAllCheckpoints(db);
  const { rows: parked } = await sql<{ projection: string; n: number }>`
    SELECT projection, count(*)::int AS n FROM projection_dead_letters WHERE target = 'live' GROUP BY projection`.execute(
    db,
  );
  const out: ProjectionStatus[] = [];
  for (const p of projections) {
    const live = cps.find((c) => c.name === p.name && c.target === 'live');
    const behind = await source.readAll(live?.position ?? START, LAG_CAP + 1);
    const oldest = behind[0];
    out.push({
      name: p.name,
      codeVersion: p.version,
      tableVersion: live?.version ?? null,
      position: live ? positionToString(live.position) : null,
      lagEvents: Math.min(behind.length, LAG_CAP),
      lagEventsCapped: behind.length > LAG_CAP,
      lagSeconds: oldest ? Math.max(0, (Date.now() - Date.parse(oldest.metadata.occurredAt)) / 1000) : 0,
      parked: parked.find((r) => r.projection === p.name)?.n ?? 0,
      rebuildInProgress: cps.some((c) => c.name === p.name && c.target === 'build'),
    });
  }
  return out;
}
