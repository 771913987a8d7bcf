import { randomUUID } from 'node:crypto';
import type { TDomainEvent } from '@app/contracts/events/domain';
import { comparePositions, type NewEvent, type StoredEvent } from '@app/contracts/events/envelope';
import type { TEventMetadata } from '@app/contracts/events/metadata';
import {
  type AppendResult,
  ConcurrencyError,
  type EventStore,
  type ExpectedRevision,
  type RecordWrite,
  type StreamWrite,
} from '../eventstore/port.ts';
import type { AggregateCache } from './aggregate-cache.ts';
import { conflict, DomainError } from './errors.ts';

/** Who is acting and on whose behalf: turned into every event's metadata (the audit trail). */
export interface Actor {
  id: number | null;
  role: TEventMetadata['actorRole'];
  correlationId: string;
  causationId?: string | null;
  clientIp: string | null;
  /** Acting out past history (the demo seed): the events start no jobs (see TEventMetadata.history). */
  history?: true;
}

export const systemActor = (correlationId = randomUUID(), causationId: string | null = null): Actor => ({
  id: null,
  role: 'system',
  correlationId,
  causationId,
  clientIp: null,
});

export function toNewEvents(events: readonly TDomainEvent[], actor: Actor, now = new Date()): NewEvent[] {
  const metadata: TEventMetadata = {
    actorId: actor.id,
    actorRole: actor.role,
    correlationId: actor.correlationId,
    causationId: actor.causationId ?? null,
    occurredAt: now.toISOString(),
    clientIp: actor.clientIp,
    ...(actor.history && { history: true }),
  };
  return events.map((e) => ({ id: randomUUID(), type: e.type, data: e.data, metadata }));
}

/** An aggregate's state from its own events; a stream holds only its aggregate's event types. */
export interface Decider<S, E extends TDomainEvent = TDomainEvent> {
  initial: S;
  evolve(state: S, event: E): S;
}

/** Loads an aggregate: its state folded from its events and the revision to append at. */
export async function load<S>(store: EventStore, stream: string, decider: Decider<S>) {
  const stored = await store.readStream(stream);
  const state = stored.reduce(
    (s, e: StoredEvent) => decider.evolve(s, e as unknown as TDomainEvent),
    decider.initial,
  );
  const revision: ExpectedRevision = stored.length === 0 ? 'no_stream' : stored[stored.length - 1]!.revision;
  return { state, revision };
}

/**
 * `load` for a decider whose state is its stream's last event alone (a counter: the last number taken), read
 * in one step however long the stream has grown.
 */
export async function loadLast<S>(store: EventStore, stream: string, decider: Decider<S>) {
  const last = await store.readLast(stream);
  const state = last ? decider.evolve(decider.initial, last as unknown as TDomainEvent) : decider.initial;
  const revision: ExpectedRevision = last ? last.revision : 'no_stream';
  return { state, revision };
}

export interface CommandOutcome {
  result: AppendResult | null;
  events: NewEvent[];
  /**
   * Whether the read models showed the change within the wait. When not, the change is stored all the same:
   * the route answers 202 with the ids it made instead of reading back (see `answerAfter`).
   */
  visible: boolean;
}

const typesOf = (events: readonly { type: string }[]) => [...new Set(events.map((e) => e.type))];

export interface CommandDeps {
  store: EventStore;
  aggregates: AggregateCache;
  /**
   * Resolves true once the read models that act on `eventTypes` (every one, without it) show the append, false
   * when the bounded wait ran out.
   */
  waitForProjections: (r: AppendResult, eventTypes?: readonly string[]) => Promise<boolean>;
}

/** A record's version as a person's screen read it: the number of events in its stream (0: none yet). */
export const versionOf = (revision: ExpectedRevision): number =>
  typeof revision === 'bigint' ? Number(revision) + 1 : 0;

/**
 * 409 with one meaning: the person edited a copy that another change has since made stale. `changed` names
 * the fields of their form that changed since (empty when not known), `version` is the record's version now.
 */
export const staleCopy = (changed: readonly string[] = [], version?: number) =>
  conflict('This record was changed by someone else. Reload to see the latest version.', 'stale_version', {
    changed: [...changed],
    ...(version !== undefined && { version }),
  });

/** Which of the fields a person's form edits differ between the record as they read it and as stored. */
export type ChangedFields<S> = (seen: S, now: S) => readonly string[];

/**
 * The record as the person's screen read it (at `expectedVersion`), given the stream as `loaded` now. The
 * same version: the loaded state. Moved on since: with `changedFields`, the state folded from the stream's
 * first `expectedVersion` events, unless a field the form edits changed in between (then `staleCopy` naming
 * them), so events that leave the form alone (a photo added, a mail sent) are no false alarm; without it,
 * `staleCopy`. For multi-stream changes, whose callers check the record's own stream themselves.
 */
export async function copyAsRead<S, E extends TDomainEvent>(
  store: EventStore,
  stream: string,
  decider: Decider<S, E>,
  loaded: { state: S; revision: ExpectedRevision },
  expectedVersion: number,
  changedFields?: ChangedFields<S>,
): Promise<S> {
  const version = versionOf(loaded.revision);
  if (version === expectedVersion) return loaded.state;
  // A version ahead of the stream was never read from it.
  if (!changedFields || expectedVersion > version) throw staleCopy([], version);
  const stored = await store.readStream(stream);
  const seen = stored
    .slice(0, expectedVersion)
    .reduce((s, e) => decider.evolve(s, e as unknown as E), decider.initial);
  const changed = changedFields(seen, loaded.state);
  if (changed.length > 0) throw staleCopy(changed, version);
  return seen;
}

export interface CommandOptions<S = unknown> {
  /**
   * The version the person's screen read (`If-Match`): when the record has moved on since, the command is
   * refused with `staleCopy` (409) and nothing changes. Without it the person edited nothing stale, so a
   * conflicting append is the server's own race and the command is decided again on the stream as stored.
   */
  expectedVersion?: number;
  /**
   * With `expectedVersion`: the fields the person's form edits that changed between the copy they read and
   * the stream as stored (`copyAsRead`). None: the command is decided on the stream as stored, `decide` given
   * the copy as read too, and a conflicting append is decided again like one without a version.
   */
  changedFields?: ChangedFields<S>;
  /**
   * Rows of ordinary tables that change with the events and only with them (credentials, sessions, a secret
   * held for the mail job), written in the append's transaction (`EventStore.appendMany`'s `records`). Made
   * again for each attempt, from that attempt's events (their ids key held secrets).
   */
  records?: (events: NewEvent[]) => readonly RecordWrite[] | Promise<readonly RecordWrite[]>;
  /**
   * Work that must be done before the events are stored and is harmless if they never are (a file kept
   * under its content hash, referenced by nothing until an event names it). Never credentials or sessions:
   * those are `records`.
   */
  beforeAppend?: (events: NewEvent[]) => Promise<void>;
  /**
   * Told the events once they are stored, before the read models are waited for (dropping what this process
   * remembers of a session, say). Keeps the remembered state: the events were appended at the latest revision.
   */
  afterAppend?: (events: NewEvent[]) => Promise<void>;
}

/** How often a decision is made again after its append met another change; then the caller is told to retry. */
const DECIDE_AGAIN_ATTEMPTS = 12;

/** A short random pause, growing with each lost race, so racing commands stop meeting each other. */
const backOff = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(100, 2 ** attempt)));

/**
 * Runs a whole decision (its reads, `decide`, its append) and, when the append meets a change made since the
 * reads (a `ConcurrencyError`: another request, a worker, a webhook), runs it again on the stream as stored,
 * after a short jittered pause. The decision is made on fresh state each time, so a business rule still
 * refuses what it should (a second full payment is over the balance, not a conflict). A person's stale copy is
 * not this: that is `expectedVersion`, refused with 409. After many lost races in a row the `ConcurrencyError`
 * goes out, which the API answers 503 with `Retry-After` (busy, nothing changed).
 */
export async function decideAgainOnConflict<T>(
  deps: Pick<CommandDeps, 'aggregates'>,
  attempt: () => Promise<T>,
): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (err) {
      if (!(err instanceof ConcurrencyError) || n >= DECIDE_AGAIN_ATTEMPTS) throw err;
      deps.aggregates.forget(err.stream);
      await backOff(n);
    }
  }
}

/**
 * The command path: load the stream, decide with a pure function, append with the revision read, then wait
 * until the read models show it. A conflicting append is decided again (`decideAgainOnConflict`), unless the
 * person's screen named the version it edited (`expectedVersion`): then a stale copy is a 409.
 *
 * When this process appended to the stream last, the state it reached is remembered and the read is skipped.
 * That state may be stale (another process may have appended since), so only an append it passes proves it:
 * a conflict, a refusal or a decision to do nothing is made again on the stream as stored.
 */
export async function runCommand<S, E extends TDomainEvent>(
  deps: CommandDeps,
  stream: string,
  decider: Decider<S, E>,
  actor: Actor,
  decide: (state: S, seen: S) => E[],
  options: CommandOptions<S> = {},
): Promise<CommandOutcome> {
  if (options.expectedVersion !== undefined) {
    const expected = options.expectedVersion;
    if (options.changedFields)
      return decideAgainOnConflict(deps, () =>
        runOnce(deps, stream, decider, actor, decide, options, expected),
      );
    try {
      return await runOnce(deps, stream, decider, actor, decide, options, expected);
    } catch (err) {
      if (err instanceof ConcurrencyError && err.stream === stream) {
        deps.aggregates.forget(stream);
        throw staleCopy();
      }
      throw err;
    }
  }
  return decideAgainOnConflict(deps, () => runOnce(deps, stream, decider, actor, decide, options));
}

async function runOnce<S, E extends TDomainEvent>(
  deps: CommandDeps,
  stream: string,
  decider: Decider<S, E>,
  actor: Actor,
  decide: (state: S, seen: S) => E[],
  options: CommandOptions<S>,
  expectedVersion?: number,
): Promise<CommandOutcome> {
  const remembered = deps.aggregates.get<S>(stream, decider);
  if (remembered && (expectedVersion === undefined || versionOf(remembered.revision) === expectedVersion)) {
    try {
      const decided = decide(remembered.state, remembered.state);
      if (decided.length > 0)
        return await appendDecided(deps, stream, decider, actor, remembered, decided, options);
    } catch (err) {
      if (!(err instanceof ConcurrencyError) && !(err instanceof DomainError)) throw err;
    }
    deps.aggregates.forget(stream);
  }
  const loaded = await load(deps.store, stream, decider);
  const seen =
    expectedVersion === undefined
      ? loaded.state
      : await copyAsRead(deps.store, stream, decider, loaded, expectedVersion, options.changedFields);
  const decided = decide(loaded.state, seen);
  if (decided.length === 0) return { result: null, events: [], visible: true };
  return appendDecided(deps, stream, decider, actor, loaded, decided, options);
}

async function appendDecided<S, E extends TDomainEvent>(
  deps: CommandDeps,
  stream: string,
  decider: Decider<S, E>,
  actor: Actor,
  from: { state: S; revision: ExpectedRevision },
  decided: E[],
  options: CommandOptions<S>,
): Promise<CommandOutcome> {
  const events = toNewEvents(decided, actor);
  await options.beforeAppend?.(events);
  const records = (await options.records?.(events)) ?? [];
  const write = { stream, events, expectedRevision: from.revision };
  const result =
    records.length > 0
      ? (await deps.store.appendMany([write], records))[0]!
      : await deps.store.append(stream, events, from.revision);
  remember(deps, stream, decider, from.state, decided, result.nextExpectedRevision);
  await options.afterAppend?.(events);
  return { result, events, visible: await deps.waitForProjections(result, typesOf(events)) };
}

/** Keeps the state an append reached, for the next command on the stream (see `aggregate-cache.ts`). */
function remember<S, E extends TDomainEvent>(
  deps: Pick<CommandDeps, 'aggregates'>,
  stream: string,
  decider: Decider<S, E>,
  from: S,
  appended: E[],
  revision: bigint,
) {
  // Folded from the events as the store gives them back (JSON), so the state equals a fresh load's.
  const stored = JSON.parse(JSON.stringify(appended)) as E[];
  deps.aggregates.set(
    stream,
    decider,
    stored.reduce((s, e) => decider.evolve(s, e), from),
    revision,
  );
}

/**
 * Appends decided events at whatever revision the stream is at (nothing appended for none), then waits for the
 * read models like `runCommand`: for decisions that hold whatever else is appended meanwhile (a message, a read
 * mark), so concurrent ones never refuse each other. When `from` (the state decided on) was the stream's
 * latest, which the append's revision shows, the state reached is remembered; otherwise it is forgotten.
 * `afterAppend` is told the events as soon as they are stored, before the read models are waited for.
 */
export async function appendRegardless<S, E extends TDomainEvent>(
  deps: CommandDeps,
  stream: string,
  decider: Decider<S, E>,
  actor: Actor,
  decided: E[],
  from: { state: S; revision: ExpectedRevision } | null,
  afterAppend?: (appended: E[]) => void,
): Promise<CommandOutcome> {
  if (decided.length === 0) return { result: null, events: [], visible: true };
  const events = toNewEvents(decided, actor);
  const result = await deps.store.append(stream, events, 'any');
  afterAppend?.(decided);
  const expected =
    from === null || from.revision === 'any'
      ? null
      : (from.revision === 'no_stream' ? -1n : from.revision) + BigInt(events.length);
  if (from !== null && expected === result.nextExpectedRevision)
    remember(deps, stream, decider, from.state, decided, result.nextExpectedRevision);
  else deps.aggregates.forget(stream);
  return { result, events, visible: await deps.waitForProjections(result, typesOf(events)) };
}

/** One aggregate's part of a change that spans several streams: decided, not yet appended. */
export async function decideOn<S, E extends TDomainEvent>(
  deps: Pick<CommandDeps, 'store'>,
  stream: string,
  decider: Decider<S, E>,
  actor: Actor,
  decide: (state: S) => E[],
): Promise<StreamWrite | null> {
  return writeFor(stream, await load(deps.store, stream, decider), actor, decide);
}

/** The write a decision on a loaded aggregate makes, or null when it decides nothing. */
export function writeFor<S, E extends TDomainEvent>(
  stream: string,
  loaded: { state: S; revision: ExpectedRevision },
  actor: Actor,
  decide: (state: S) => E[],
): StreamWrite | null {
  const decided = decide(loaded.state);
  if (decided.length === 0) return null;
  return { stream, events: toNewEvents(decided, actor), expectedRevision: loaded.revision };
}

/**
 * Appends a change made of several streams' writes as one (`EventStore.appendMany`), with the `records` that
 * change with it, then waits for the read models. A route never makes two independent writes: what one change
 * touches goes through here. Its writes were decided on streams read before: the caller runs the reads, the
 * decisions and this inside `decideAgainOnConflict`, so a race the server caused is decided again.
 */
export async function commitChange(
  deps: CommandDeps,
  writes: readonly (StreamWrite | null)[],
  records: readonly RecordWrite[] = [],
): Promise<CommandOutcome> {
  const present = writes.filter((w): w is StreamWrite => w !== null);
  if (present.length === 0) return { result: null, events: [], visible: true };
  for (const w of present) deps.aggregates.forget(w.stream);
  const results = await deps.store.appendMany(present, records);
  const last = results.reduce((a, b) => (comparePositions(a.lastPosition, b.lastPosition) >= 0 ? a : b));
  return {
    result: last,
    events: present.flatMap((w) => w.events),
    visible: await deps.waitForProjections(last, typesOf(present.flatMap((w) => w.events))),
  };
}
