import { randomUUID } from 'node:crypto';
import type { TDomainEvent } from '@app/contracts/events/domain';
import type { NewEvent, StoredEvent } from '@app/contracts/events/envelope';
import type { TEventMetadata } from '@app/contracts/events/metadata';
import type { AppendResult, EventStore, ExpectedRevision } from '../eventstore/port.ts';

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

/**
 * The command path: load the stream, decide with a pure function, append with the revision we read
 * (a concurrent change raises ConcurrencyError → 409), then wait until the read models show it.
 */
export async function runCommand<S, E extends TDomainEvent>(
  deps: { store: EventStore; waitForProjections: (r: AppendResult) => Promise<void> },
  stream: string,
  decider: Decider<S, E>,
  actor: Actor,
  decide: (state: S) => E[],
  options: { beforeAppend?: (events: NewEvent[]) => Promise<void> } = {},
): Promise<CommandOutcome> {
  const { state, revision } = await load(deps.store, stream, decider);
  const decided = decide(state);
  if (decided.length === 0) return { result: null, events: [] };
  const events = toNewEvents(decided, actor);
  await options.beforeAppend?.(events);
  const result = await deps.store.append(stream, events, revision);
  await deps.waitForProjections(result);
  return { result, events };
}
