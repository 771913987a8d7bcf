import {
  comparePositions,
  type Position,
  positionToString,
  type StoredEvent,
} from '@app/contracts/events/envelope';
import { type Kysely, sql } from 'kysely';
import {
  advanceCheckpoints,
  advanceCheckpointsSql,
  type Checkpoint,
  type CheckpointMove,
  lockCheckpoints,
  schemaFor,
  skipCheckpointsTo,
  type Target,
} from './checkpoints.ts';
import { backoffMs, isTransientError, sleep } from './transient.ts';
import {
  type AnyDb,
  type AnyTx,
  type ApplyContext,
  handles,
  type OpenPipelined,
  type Projection,
} from './types.ts';

export const CHANGES_CHANNEL = 'read_models_changed';

export interface ChangeNotice {
  projection: string;
  position: string;
  changed: number;
  syncType: string | null;
  /** From a keyed projection, the ids of the rows the batch was about; absent when there are too many. */
  keys?: string[];
}

/** With more keys than this a notice carries none, read as "any row". */
const MAX_NOTICE_KEYS = 100;
/** Postgres refuses a NOTIFY payload of 8000 bytes or more. */
const MAX_PAYLOAD_BYTES = 7900;

/**
 * A batch's notices as few NOTIFY payloads (JSON arrays): one per batch, unless its keys make it too long;
 * then the notices with the most keys lose them (read as "any row") until it fits, and only a group of very
 * many projections needs more than one.
 */
export function noticePayloads(notices: readonly ChangeNotice[]): string[] {
  const bytes = (n: ChangeNotice) => Buffer.byteLength(JSON.stringify(n)) + 1;
  const fitted = notices.map((n) => ({ ...n }));
  let total = fitted.reduce((sum, n) => sum + bytes(n), 1);
  const byKeys = [...fitted].sort((a, b) => (b.keys?.length ?? 0) - (a.keys?.length ?? 0));
  for (const n of byKeys) {
    if (total <= MAX_PAYLOAD_BYTES || !n.keys) break;
    total -= bytes(n);
    delete n.keys;
    total += bytes(n);
  }
  const payloads: string[] = [];
  let chunk: string[] = [];
  let size = 1;
  for (const n of fitted) {
    const text = JSON.stringify(n);
    const length = Buffer.byteLength(text) + 1;
    if (chunk.length > 0 && size + length > MAX_PAYLOAD_BYTES) {
      payloads.push(`[${chunk.join(',')}]`);
      chunk = [];
      size = 1;
    }
    chunk.push(text);
    size += length;
  }
  if (chunk.length > 0) payloads.push(`[${chunk.join(',')}]`);
  return payloads;
}

/** The notices of one NOTIFY payload: a batch's array, or one notice (a rebuild's swap, a retried event). */
export function parseChangeNotices(payload: string): ChangeNotice[] {
  const parsed = JSON.parse(payload) as ChangeNotice | ChangeNotice[];
  return Array.isArray(parsed) ? parsed : [parsed];
}

/**
 * A group's checkpoints as its one owner (the live runner) last committed them: it may skip reading and
 * locking them, as the compare-and-set that moves them still refuses any that moved meanwhile.
 */
export type KnownCheckpoints = Map<string, Checkpoint>;

/** An event a projector failed on deterministically: kept in `projection_dead_letters` until retried. */
export interface ParkedEvent {
  projection: string;
  target: Target;
  eventId: string;
  stream: string;
  type: string;
  position: string;
  error: string;
}

/** How often a batch that failed transiently is tried again before the caller (the daemon) takes over. */
const TRANSIENT_ATTEMPTS = 4;

/**
 * Every writer of a target takes its locks in one order, tables first (sorted), then checkpoint rows: a
 * rebuild's swap (ACCESS EXCLUSIVE on the live tables, then the live checkpoint) and the live runner
 * (ROW EXCLUSIVE on its tables, then its checkpoints) then wait for each other instead of deadlocking.
 */
export async function lockTablesOf(
  tx: AnyTx,
  ps: readonly Projection[],
  target: Target,
  mode: 'ROW EXCLUSIVE' | 'ACCESS EXCLUSIVE',
) {
  const statement = lockStatement(ps, target, mode);
  if (statement) await sql.raw(statement).execute(tx);
}

function lockStatement(
  ps: readonly Projection[],
  target: Target,
  mode: 'ROW EXCLUSIVE' | 'ACCESS EXCLUSIVE',
) {
  const tables = [
    ...new Set(ps.flatMap((p) => p.tables.map((t) => `${schemaFor(p.name, target)}.${t}`))),
  ].sort();
  return tables.length === 0 ? null : `LOCK TABLE ${tables.join(', ')} IN ${mode} MODE`;
}

/** The projections of a group that act on a batch: their tables are locked for it. */
const actingOn = (list: readonly Projection[], events: readonly StoredEvent[]) =>
  list.filter((p) => events.some((e) => handles(p, e)));

/** A batch's starting checkpoints: those the live runner knows, else read and locked in the transaction. */
const checkpointsFor = async (
  tx: AnyTx,
  list: readonly Projection[],
  target: Target,
  known?: KnownCheckpoints,
): Promise<KnownCheckpoints> => {
  const names = list.map((p) => p.name);
  return known && names.every((n) => known.has(n)) ? new Map(known) : lockCheckpoints(tx, names, target);
};

/** One projection's part of a batch: the events its checkpoint has not passed, and those it acts on. */
interface Step {
  p: Projection;
  cp: Checkpoint;
  fresh: StoredEvent[];
  relevant: StoredEvent[];
  ctx: ApplyContext;
}

function stepsOf(
  list: readonly Projection[],
  cps: KnownCheckpoints,
  events: StoredEvent[],
  tx: AnyTx,
  target: Target,
) {
  const steps: Step[] = [];
  for (const p of list) {
    const cp = cps.get(p.name);
    if (!cp) throw new Error(`Projection ${p.name} has no ${target} checkpoint`);
    const fresh = events.filter((e) => comparePositions(e.position, cp.position) > 0);
    if (fresh.length === 0) continue;
    const relevant = fresh.filter((e) => handles(p, e));
    steps.push({ p, cp, fresh, relevant, ctx: { tx, schema: cp.schema, keys: new Set() } });
  }
  return steps;
}

/** The checkpoint moves and change notices of applied steps (`changed`: rows each changed); moves `cps` on. */
function outcomeOf(
  steps: readonly Step[],
  changed: readonly number[],
  target: Target,
  cps: KnownCheckpoints,
) {
  const moves: CheckpointMove[] = [];
  const notices: ChangeNotice[] = [];
  steps.forEach(({ p, cp, fresh, ctx }, i) => {
    const to = fresh[fresh.length - 1]!.position;
    moves.push({ from: cp, to });
    const notice = noticeFor(p, target, to, changed[i]!, ctx.keys);
    if (notice) notices.push(notice);
    cps.set(p.name, { ...cp, position: to });
  });
  return { moves, notify: { channel: CHANGES_CHANNEL, payloads: noticePayloads(notices) } };
}

/**
 * Applies one batch to projections of one target and moves their checkpoints, in the caller's transaction:
 * one query locks the checkpoints (writers of a target, a live runner or a rebuild's swap, take turns) unless
 * they are `known`, one statement moves them. Each projection skips events its checkpoint has passed. With
 * `isolate`, an event a projector throws on is parked in the dead-letter table and the batch goes on without
 * it; without it the error propagates (the fast path: `applyGroup` then retries isolated). Answers where the
 * checkpoints stand once the transaction commits.
 */
export async function applyInTx(
  tx: AnyTx,
  ps: Projection | readonly Projection[],
  target: Target,
  events: StoredEvent[],
  {
    isolate = false,
    known,
    parked = [],
  }: { isolate?: boolean; known?: KnownCheckpoints; parked?: ParkedEvent[] } = {},
): Promise<KnownCheckpoints> {
  const list: readonly Projection[] = Array.isArray(ps) ? ps : [ps as Projection];
  await lockTablesOf(tx, actingOn(list, events), target, 'ROW EXCLUSIVE');
  const cps = await checkpointsFor(tx, list, target, known);
  const steps = stepsOf(list, cps, events, tx, target);
  const changed: number[] = [];
  for (const { p, relevant, ctx } of steps) {
    if (relevant.length === 0) changed.push(0);
    else if (isolate) changed.push(await applyIsolated(tx, p, target, relevant, ctx, parked));
    else changed.push(await p.apply(relevant, ctx));
  }
  const { moves, notify } = outcomeOf(steps, changed, target, cps);
  await advanceCheckpoints(tx, moves, notify);
  return cps;
}

/** Postgres' answer to every statement sent after one that failed in the same transaction. */
const IN_FAILED_TRANSACTION = '25P02';

/**
 * The live runner's batch on one pipelining connection: BEGIN and the table locks go out with every
 * projection's first statements (the projections run at once, each on its own tables), and the checkpoints
 * with COMMIT: three round trips for a batch the users and audit views act on, where one statement at a time
 * took seven. A failure rolls back and is thrown (`applyGroup` then tries again, isolated); a checkpoint
 * moved meanwhile fails the checkpoints' statement itself, so the COMMIT behind it rolls back.
 */
async function applyPipelined(
  open: OpenPipelined,
  list: readonly Projection[],
  events: StoredEvent[],
  known?: KnownCheckpoints,
): Promise<KnownCheckpoints> {
  const conn = await open();
  const sent: Promise<unknown>[] = [];
  const send = (text: string, parameters?: readonly unknown[]) => {
    const result = conn.send(text, parameters);
    sent.push(result.catch(() => undefined));
    return result;
  };
  let broken: Error | undefined;
  try {
    void send('BEGIN');
    const lock = lockStatement(actingOn(list, events), 'live', 'ROW EXCLUSIVE');
    if (lock) void send(lock);
    const tx = conn.db as AnyTx;
    const cps = await checkpointsFor(tx, list, 'live', known);
    const steps = stepsOf(list, cps, events, tx, 'live');
    const applied = await Promise.allSettled(
      steps.map(({ p, relevant, ctx }) => (relevant.length === 0 ? 0 : p.apply(relevant, ctx))),
    );
    const failures = applied.flatMap((r) => (r.status === 'rejected' ? [r.reason as { code?: string }] : []));
    // The statement that failed first aborted the transaction; those after it only say so.
    if (failures.length > 0) throw failures.find((e) => e?.code !== IN_FAILED_TRANSACTION) ?? failures[0];
    const changed = applied.map((r) => (r as PromiseFulfilledResult<number>).value);
    const { moves, notify } = outcomeOf(steps, changed, 'live', cps);
    if (moves.length > 0) {
      const statement = advanceCheckpointsSql(moves, notify).compile(conn.db);
      void send(statement.sql, statement.parameters);
    }
    await send('COMMIT');
    await Promise.all(sent);
    return cps;
  } catch (err) {
    await Promise.all(sent);
    // A COMMIT never answered leaves the connection's state unknown: it is closed, not reused.
    await conn.send('ROLLBACK').catch((e: Error) => {
      broken = e;
    });
    throw err;
  } finally {
    conn.release(broken);
  }
}

/** What a live checkpoint move tells the API processes (read-your-writes waits, websocket pushes). */
function noticeFor(
  p: Projection,
  target: Target,
  to: Position,
  changed: number,
  keys: ReadonlySet<string> = new Set(),
): ChangeNotice | null {
  if (target !== 'live') return null;
  const notice: ChangeNotice = {
    projection: p.name,
    position: positionToString(to),
    changed,
    syncType: p.syncType,
  };
  if (p.keyed && keys.size <= MAX_NOTICE_KEYS) notice.keys = [...keys];
  return notice;
}

async function applyIsolated(
  tx: AnyTx,
  p: Projection,
  target: Target,
  events: StoredEvent[],
  ctx: ApplyContext,
  parked: ParkedEvent[],
) {
  await sql`SAVEPOINT batch`.execute(tx);
  try {
    const changed = await p.apply(events, ctx);
    await sql`RELEASE SAVEPOINT batch`.execute(tx);
    return changed;
  } catch (err) {
    if (isTransientError(err)) throw err; // the whole transaction is tried again: nothing is parked
    await sql`ROLLBACK TO SAVEPOINT batch`.execute(tx);
    return applyOneByOne(tx, p, target, events, ctx, parked);
  }
}

async function applyOneByOne(
  tx: AnyTx,
  p: Projection,
  target: Target,
  events: StoredEvent[],
  ctx: ApplyContext,
  parked: ParkedEvent[],
) {
  let changed = 0;
  for (const e of events) {
    await sql`SAVEPOINT one`.execute(tx);
    try {
      changed += await p.apply([e], ctx);
      await sql`RELEASE SAVEPOINT one`.execute(tx);
    } catch (err) {
      if (isTransientError(err)) throw err;
      await sql`ROLLBACK TO SAVEPOINT one`.execute(tx);
      const dead: ParkedEvent = {
        projection: p.name,
        target,
        eventId: e.id,
        stream: e.streamName,
        type: e.type,
        position: positionToString(e.position),
        error: err instanceof Error ? (err.stack ?? err.message) : String(err),
      };
      await sql`
        INSERT INTO projection_dead_letters (projection, target, event_id, stream, type, position, error)
        VALUES (${dead.projection}, ${target}, ${dead.eventId}, ${dead.stream}, ${dead.type}, ${dead.position},
          ${dead.error})
        ON CONFLICT DO NOTHING`.execute(tx);
      parked.push(dead);
    }
  }
  return changed;
}

/**
 * Applies a batch to several projections in one transaction. Should any projector throw deterministically,
 * the whole transaction is retried with each projection and event isolated by savepoints, parking what
 * fails. A transient failure (deadlock, timeout, lost connection) parks nothing: the batch is tried again
 * with backoff, and after a few attempts the error goes to the caller with no checkpoint moved.
 * The live runner passes the checkpoints it knows (`known`), which are brought up to date after each commit.
 * Answers the events parked by the committed attempt.
 */
export async function applyGroup(
  db: AnyDb,
  ps: readonly Projection[],
  target: Target,
  events: StoredEvent[],
  known?: KnownCheckpoints,
  pipelined?: OpenPipelined,
): Promise<ParkedEvent[]> {
  if (events.length === 0) return [];
  let isolate = false;
  for (let attempt = 0; ; ) {
    const parked: ParkedEvent[] = [];
    try {
      await applyOnce(db, ps, target, events, isolate, parked, known, pipelined);
      return parked;
    } catch (err) {
      known?.clear(); // a checkpoint may have moved under us (a rebuild's swap): read them again
      if (isTransientError(err)) {
        if (++attempt >= TRANSIENT_ATTEMPTS) throw err;
        await sleep(backoffMs(attempt - 1, 50));
      } else if (isolate) throw err;
      else isolate = true;
    }
  }
}

async function applyOnce(
  db: AnyDb,
  ps: readonly Projection[],
  target: Target,
  events: StoredEvent[],
  isolate: boolean,
  parked: ParkedEvent[],
  known?: KnownCheckpoints,
  pipelined?: OpenPipelined,
) {
  if (!events.some((e) => ps.some((p) => handles(p, e)))) {
    // Nothing to write: move the checkpoints in one statement, without a transaction.
    const to = events[events.length - 1]!.position;
    const skips = ps.map((p) => {
      const notice = noticeFor(p, target, to, 0);
      return { name: p.name, notice: notice && JSON.stringify(notice) };
    });
    await skipCheckpointsTo(db, skips, target, to, CHANGES_CHANNEL);
    // A checkpoint ahead of `to` did not move: forget them all rather than guess.
    known?.clear();
    return;
  }
  const trusted = known && known.size > 0 ? known : undefined;
  const committed =
    pipelined && target === 'live' && !isolate
      ? await applyPipelined(pipelined, ps, events, trusted)
      : await (db as Kysely<unknown>)
          .transaction()
          .execute((tx) => applyInTx(tx, ps, target, events, { isolate, known: trusted, parked }));
  if (known) for (const [name, cp] of committed) known.set(name, cp);
}

export const applyBatch = (db: AnyDb, p: Projection, target: Target, events: StoredEvent[]) =>
  applyGroup(db, [p], target, events);
