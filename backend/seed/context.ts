import { randomUUID } from 'node:crypto';
import type { TRole } from '@app/contracts/api/users';
import { comparePositions, type Position } from '@app/contracts/events/envelope';
import { sql } from 'kysely';
import type { fileStore } from '../src/files/store.ts';
import type { Actor } from '../src/platform/command.ts';
import type { AppDeps } from '../src/platform/deps.ts';
import type { IdSequence } from '../src/platform/ids.ts';
import type { Random } from './prng.ts';

/** What the seed's commands are given: the API's dependencies less Redis (no job or socket is touched). */
export type SeedDeps = Pick<
  AppDeps,
  'config' | 'db' | 'rm' | 'store' | 'pool' | 'aggregates' | 'sessions' | 'waitForProjections'
>;

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export interface SeedContext {
  deps: SeedDeps;
  random: Random;
  files: ReturnType<typeof fileStore>;
  /** The first moment of the business's history and the seed's "now" (ms since the epoch). */
  start: number;
  end: number;
  /** Commands in flight at once. */
  width: number;
}

/** Who acts in a seeded command, as a signed-in person's request would make them. */
export const actorFor = (id: number | null, role: TRole | 'anonymous'): Actor => ({
  id,
  role,
  correlationId: randomUUID(),
  clientIp: '127.0.0.1',
  // A year acted out today: its events start no jobs (no mail about the past).
  history: true,
});

/**
 * The furthest event position the seed's commands reached: commands do not wait for the read models (the
 * seed waits once, at the end of a stage), they only tell how far they wrote.
 */
export class Furthest {
  position: Position | null = null;

  see(position: Position) {
    if (this.position === null || comparePositions(position, this.position) > 0) this.position = position;
  }
}

/** A moment during the working day (Alaska, roughly 8 am to 6 pm) of the day holding `ms`, never after `end`. */
export function workingMoment(random: Random, ms: number, end: number): number {
  const alaskaMidnightUtc = Math.floor((ms - 9 * HOUR) / DAY) * DAY + 9 * HOUR;
  const moment = alaskaMidnightUtc + 8 * HOUR + random.int(0, 10 * 60) * 60_000;
  return Math.min(moment, end);
}

/** A moment between `from` and `to`, uniformly. */
export const between = (random: Random, from: number, to: number) =>
  from + Math.floor(random.next() * Math.max(0, to - from));

/**
 * `count` new ids of a sequence in one query, ascending: what `nextId` gives one request at a time, for a run of
 * records made one after another (a conversation's messages), without a round trip each.
 */
export async function nextIds(db: SeedDeps['db'], sequence: IdSequence, count: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    SELECT nextval(${sequence}::regclass)::int AS id FROM generate_series(1, ${count})`.execute(db);
  return rows.map((r) => r.id).sort((a, b) => a - b);
}
