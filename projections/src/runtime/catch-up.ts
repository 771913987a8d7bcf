import { comparePositions, type Position, type StoredEvent } from '@app/contracts/events/envelope';
import { applyGroup, applyInTx } from './apply.ts';
import { readCheckpoint, type Target } from './checkpoints.ts';
import type { AnyDb, AnyTx, Projection } from './types.ts';

/**
 * Reads and applies events after the projections' checkpoints (from the oldest of them) up to `until`
 * (inclusive) or the head, in batches; each projection skips what its own checkpoint has passed. With
 * `separateTx` each projection applies a batch in its own transaction, concurrently with the others (for
 * builds into scratch tables: nobody reads those, and each projection's rows still commit with its own
 * checkpoint).
 */
export async function catchUp(
  db: AnyDb,
  source: { readAll(after: Position, limit: number): Promise<StoredEvent[]> },
  ps: Projection | readonly Projection[],
  target: Target,
  options: { until?: Position; batchSize?: number; inTx?: AnyTx; separateTx?: boolean } = {},
) {
  const list: readonly Projection[] = Array.isArray(ps) ? ps : [ps as Projection];
  const batchSize = options.batchSize ?? 1000;
  let cursor: Position | null = null;
  for (const p of list) {
    const cp = await readCheckpoint(options.inTx ?? db, p.name, target);
    if (!cp) throw new Error(`Projection ${p.name} has no ${target} checkpoint`);
    if (!cursor || comparePositions(cp.position, cursor) < 0) cursor = cp.position;
  }
  if (!cursor) return 0;
  const { until } = options;
  const read = (after: Position) => {
    const next = source
      .readAll(after, batchSize)
      .then((events) => (until ? events.filter((e) => comparePositions(e.position, until) <= 0) : events));
    next.catch(() => undefined); // awaited below; a failed read-ahead must not be an unhandled rejection
    return next;
  };
  let applied = 0;
  let pending = read(cursor);
  for (;;) {
    const events = await pending;
    if (events.length === 0) return applied;
    // Read the next batch while this one is applied: reading and writing overlap.
    pending = read(events[events.length - 1]!.position);
    if (options.inTx) await applyInTx(options.inTx, list, target, events, { isolate: true });
    else if (options.separateTx) await applySeparately(db, list, target, events);
    else await applyGroup(db, list, target, events);
    applied += events.length;
  }
}

/** One transaction per projection, run concurrently; waits for all of them before reporting a failure. */
async function applySeparately(db: AnyDb, ps: readonly Projection[], target: Target, events: StoredEvent[]) {
  const results = await Promise.allSettled(ps.map((p) => applyGroup(db, [p], target, events)));
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
}
