import { randomUUID } from 'node:crypto';
import type { TDomainEvent } from '@app/contracts/events/domain';
import type { NewEvent, StoredEvent } from '@app/contracts/events/envelope';
import type { TEventMetadata } from '@app/contracts/events/metadata';
import {
  type AppendResult,
  ConcurrencyError,
  type EventStore,
  type ExpectedRevision,
} from '../eventstore/port.ts';
import type { AggregateCache } from './aggregate-cache.ts';
import { DomainError } from './errors.ts';

/** Who is acting and on whose behalf: turned into every event's metadata (the audit trail). */
export interface Actor {
  id: number | null;
  role: TEventMetadata['actorRole'];
  correlationId: string;
  causationId?: string | null;
  clientIp: string | null;
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

export interface CommandOutcome {
  result: AppendResult | null;
  events: NewEvent[];
}

export interface CommandDeps {
  store: EventStore;
  aggregates: AggregateCache;
  waitForProjections: (r: AppendResult) => Promise<void>;
}

/**
 * The command path: load the stream, decide with a pure function, append with the revision we read
 * (a concurrent change raises ConcurrencyError → 409), then wait until the read models show it.
 *
 * When this process appended to the stream last, the state it reached is remembered and the read is skipped.
 * That state may be stale (another process may have appended since), so only an append it passes proves it:
 * a conflict, a refusal or a decision to do nothing is made again on the stream as stored. Commands with
 * side effects before the append (`beforeAppend`) always read the stream first.
 */
export async function runCommand<S, E extends TDomainEvent>(
  deps: CommandDeps,
  stream: string,
  decider: Decider<S, E>,
  actor: Actor,
  decide: (state: S) => E[],
  options: { beforeAppend?: (events: NewEvent[]) => Promise<void> } = {},
): Promise<CommandOutcome> {
  const remembered = options.beforeAppend ? null : deps.aggregates.get<S>(stream, decider);
  if (remembered) {
    try {
      const decided = decide(remembered.state);
      if (decided.length > 0) return await appendDecided(deps, stream, decider, actor, remembered, decided);
    } catch (err) {
      if (!(err instanceof ConcurrencyError) && !(err instanceof DomainError)) throw err;
    }
    deps.aggregates.forget(stream);
  }
  const loaded = await load(deps.store, stream, decider);
  const decided = decide(loaded.state);
  if (decided.length === 0) return { result: null, events: [] };
  return appendDecided(deps, stream, decider, actor, loaded, decided, options.beforeAppend);
}

async function appendDecided<S, E extends TDomainEvent>(
  deps: CommandDeps,
  stream: string,
  decider: Decider<S, E>,
  actor: Actor,
  from: { state: S; revision: ExpectedRevision },
  decided: E[],
  beforeAppend?: (events: NewEvent[]) => Promise<void>,
): Promise<CommandOutcome> {
  const events = toNewEvents(decided, actor);
  await beforeAppend?.(events);
  const result = await deps.store.append(stream, events, from.revision);
  // Folded from the events as the store gives them back (JSON), so the state equals a fresh load's.
  const stored = JSON.parse(JSON.stringify(decided)) as E[];
  deps.aggregates.set(
    stream,
    decider,
    stored.reduce((s, e) => decider.evolve(s, e), from.state),
    result.nextExpectedRevision,
  );
  await deps.waitForProjections(result);
  return { result, events };
}
