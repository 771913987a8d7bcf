import type { StoredEvent } from '@app/contracts/events/envelope';
import type { TUniquenessEvent } from '@app/contracts/events/uniqueness';
import { ConcurrencyError, type ExpectedRevision, type StreamWrite } from '../eventstore/port.ts';
import { type Actor, type CommandDeps, toNewEvents } from './command.ts';
import { conflict } from './errors.ts';

/**
 * Values unique across a kind of record, kept on the write side: each value has a stream,
 * `unique-<scope>-<value>`, whose last event says who holds it. A claim is appended in the same change as
 * the owner's events (`commitChange`), expecting the stream as it was read, so of two concurrent claims one
 * wins and the other gets a ConcurrencyError on the claim's stream, which `refuseTaken` turns into a 409.
 */
export interface UniqueScope {
  name: string;
  /** The 409 message when the value is held by another record. */
  takenMessage: string;
  /** The form the value is compared in (e-mails: lower case). */
  normalize(value: string): string;
}

export const uniqueStream = (scope: UniqueScope, value: string) =>
  `unique-${scope.name}-${scope.normalize(value)}`;

/** Who holds the value (the owner stream of the last claim, unless released), when, and the revision. */
async function holderOf(deps: Pick<CommandDeps, 'store'>, stream: string) {
  const last = (await deps.store.readStream(stream)).at(-1) as
    | (StoredEvent & { data: TUniquenessEvent['data']; type: TUniquenessEvent['type'] })
    | undefined;
  return {
    owner: last?.type === 'UniqueValueClaimed' ? last.data.owner : null,
    claimedAt: last?.metadata.occurredAt,
    revision: last ? last.revision : ('no_stream' as const),
  };
}

const write = (
  stream: string,
  revision: ExpectedRevision,
  actor: Actor,
  event: TUniquenessEvent,
): StreamWrite => ({ stream, events: toNewEvents([event], actor), expectedRevision: revision });

/**
 * EventStoreDB appends a change's streams one after another, not atomically: a claim written just before its
 * owner's append failed would hold the value with no owner. A claim whose owner stream is still empty after
 * this long is treated as free.
 */
const ORPHAN_AFTER_MS = 60_000;

async function stillHeld(deps: Pick<CommandDeps, 'store'>, owner: string, claimedAt: string | undefined) {
  if (!claimedAt || Date.now() - Date.parse(claimedAt) < ORPHAN_AFTER_MS) return true;
  return (await deps.store.readStream(owner)).length > 0;
}

/** The write that gives `value` to `owner`, or null when the owner holds it already; 409 when another does. */
export async function claim(
  deps: Pick<CommandDeps, 'store'>,
  actor: Actor,
  scope: UniqueScope,
  value: string,
  owner: string,
): Promise<StreamWrite | null> {
  const stream = uniqueStream(scope, value);
  const holder = await holderOf(deps, stream);
  if (holder.owner === owner) return null;
  if (holder.owner && (await stillHeld(deps, holder.owner, holder.claimedAt)))
    throw conflict(scope.takenMessage);
  const data = { scope: scope.name, value: scope.normalize(value), owner };
  return write(stream, holder.revision, actor, { type: 'UniqueValueClaimed', data });
}

/** The write that lets `value` go, or null when `owner` does not hold it. */
export async function release(
  deps: Pick<CommandDeps, 'store'>,
  actor: Actor,
  scope: UniqueScope,
  value: string,
  owner: string,
): Promise<StreamWrite | null> {
  const stream = uniqueStream(scope, value);
  const holder = await holderOf(deps, stream);
  if (holder.owner !== owner) return null;
  const data = { scope: scope.name, value: scope.normalize(value), owner };
  return write(stream, holder.revision, actor, { type: 'UniqueValueReleased', data });
}
/** Runs a change that claims values: a lost race on a claim's stream is the same 409 as a value held. */
export async function refuseTaken<T>(scopes: readonly UniqueScope[], change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (err) {
    if (err instanceof ConcurrencyError) {
      const scope = scopes.find((s) => err.stream.startsWith(`unique-${s.name}-`));
      if (scope) throw conflict(scope.takenMessage);
    }
    throw err;
  }
}
