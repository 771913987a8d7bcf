import { positionFromString, positionToString } from '@app/contracts/events/envelope';
import { type Kysely, sql } from 'kysely';
import { CHANGES_CHANNEL, type ChangeNotice, lockTablesOf } from './apply.ts';
import { lockCheckpoints } from './checkpoints.ts';
import { isTransientError } from './transient.ts';
import type { AnyDb, ApplyContext, EventSource, Projection } from './types.ts';

export interface ParkedRow {
  projection: string;
  eventId: string;
  stream: string;
  type: string;
  position: string;
  error: string;
  parkedAt: Date;
}

/** The live views' parked events in log order (all views, or one). */
export async function parkedEvents(db: AnyDb, projection?: string): Promise<ParkedRow[]> {
  const { rows } = await sql<{
    projection: string;
    event_id: string;
    stream: string;
    type: string;
    position: string;
    error: string;
    parked_at: Date;
  }>`
    SELECT projection, event_id, stream, type, position, error, parked_at FROM projection_dead_letters
    WHERE target = 'live' ${projection ? sql`AND projection = ${projection}` : sql``}
    ORDER BY projection`.execute(db);
  return rows
    .map((r) => ({
      projection: r.projection,
      eventId: r.event_id,
      stream: r.stream,
      type: r.type,
      position: r.position,
      error: r.error,
      parkedAt: r.parked_at,
    }))
    .sort((a, b) =>
      a.projection === b.projection
        ? Number(positionKey(a.position) - positionKey(b.position))
        : a.projection.localeCompare(b.projection),
    );
}

const positionKey = (s: string) => {
  const p = positionFromString(s);
  return (p.commit << 64n) | p.prepare;
};

export interface RetryOutcome {
  applied: number;
  stillFailing: { eventId: string; error: string }[];
}

/**
 * Replays a view's parked events through its projector (after a fix), in log order, each in its own
 * transaction with the view's tables and checkpoint locked as the live runner locks them. An event that now
 * applies leaves the dead-letter table; one that still fails stays, with its new error. The checkpoint does
 * not move: it passed these events when they were parked.
 */
export async function retryParked(
  db: AnyDb,
  source: Pick<EventSource, 'readStream'>,
  p: Projection,
): Promise<RetryOutcome> {
  const parked = await parkedEvents(db, p.name);
  const outcome: RetryOutcome = { applied: 0, stillFailing: [] };
  const streams = new Map<string, Awaited<ReturnType<EventSource['readStream']>>>();
  for (const dead of parked) {
    let events = streams.get(dead.stream);
    if (!events) {
      events = await source.readStream(dead.stream);
      streams.set(dead.stream, events);
    }
    const event = events.find((e) => e.id === dead.eventId);
    try {
      if (!event) throw new Error(`Event ${dead.eventId} is no longer in stream ${dead.stream}`);
      await (db as Kysely<unknown>).transaction().execute(async (tx) => {
        await lockTablesOf(tx, [p], 'live', 'ROW EXCLUSIVE');
        const cp = (await lockCheckpoints(tx, [p.name], 'live')).get(p.name);
        if (!cp) throw new Error(`Projection ${p.name} has no live checkpoint`);
        const ctx: ApplyContext = { tx, schema: cp.schema, keys: new Set() };
        const changed = await p.apply([event], ctx);
        await sql`DELETE FROM projection_dead_letters
          WHERE projection = ${p.name} AND target = 'live' AND event_id = ${dead.eventId}`.execute(tx);
        const notice: ChangeNotice = {
          projection: p.name,
          position: positionToString(cp.position),
          changed,
          syncType: p.syncType,
        };
        if (p.keyed && ctx.keys.size > 0) notice.keys = [...ctx.keys];
        await sql`SELECT pg_notify(${CHANGES_CHANNEL}, ${JSON.stringify(notice)})`.execute(tx);
      });
      outcome.applied++;
    } catch (err) {
      if (isTransientError(err)) throw err; // says nothing about the fix: try again later
      const error = err instanceof Error ? (err.stack ?? err.message) : String(err);
      await sql`UPDATE projection_dead_letters SET error = ${error}
        WHERE projection = ${p.name} AND target = 'live' AND event_id = ${dead.eventId}`.execute(db);
      outcome.stillFailing.push({ eventId: dead.eventId, error: err instanceof Error ? err.message : error });
    }
  }
  return outcome;
}
