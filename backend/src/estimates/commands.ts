import { quoteNumberAt } from '@app/contracts/estimates/calculate';
import { DEFAULT_PRICING, type Pricing } from '@app/contracts/estimates/pricing';
import type { TSettingsEvent } from '@app/contracts/events/settings';
import type { Person } from '../auth/person.ts';
import { clientDecider, clientStream } from '../clients/decide.ts';
import { ConcurrencyError, type StreamWrite } from '../eventstore/port.ts';
import {
  type Actor,
  type CommandOutcome,
  commitChange,
  copyAsRead,
  decideAgainOnConflict,
  decideOn,
  load,
  writeFor,
} from '../platform/command.ts';
import type { AppDeps } from '../platform/deps.ts';
import { conflict, DomainError } from '../platform/errors.ts';
import { claim, type UniqueScope, uniqueStream } from '../platform/unique-values.ts';
import { createProject, projectDecider, projectStream } from '../projects/decide.ts';
import { projectFacts } from '../projects/facts.ts';
import { SETTINGS_STREAM } from '../settings/decide.ts';
import { userDecider, userStream } from '../users/decide.ts';
import {
  acceptEstimate,
  type ClientFacts,
  changeEstimate,
  createEstimate,
  declineEstimate,
  deleteEstimate,
  type EstimateChanges,
  type EstimateFields,
  type EstimateState,
  estimateDecider,
  estimateFieldsChanged,
  estimateStream,
  linkProject,
  nextQuoteNumber,
  projectFromEstimate,
  sendEstimate,
} from './decide.ts';

type Deps = Pick<AppDeps, 'store' | 'aggregates' | 'waitForProjections'>;

/** No two estimates share a quote number (`unique-quote-<number>`). */
export const quoteNumbers: UniqueScope = {
  name: 'quote',
  takenMessage: 'This quote number is taken.',
  normalize: (n) => n,
};

/** Quote numbers tried before giving up (each taken one moves on to the next). */
const QUOTE_NUMBER_TRIES = 50;

/**
 * The pricing as the settings' own stream has it now (its last saved pricing section), and when that was
 * saved; the defaults (saved never: null) before anyone saved pricing. A command never prices from a view.
 */
export async function currentPricing(
  deps: Pick<AppDeps, 'store'>,
): Promise<{ pricing: Pricing; savedAt: string | null }> {
  const events = await deps.store.readStream(SETTINGS_STREAM);
  for (let i = events.length - 1; i >= 0; i--) {
    const stored = events[i]!;
    const event = stored as unknown as TSettingsEvent;
    if (event.type === 'SettingsSectionSaved' && event.data.section === 'pricing')
      return { pricing: event.data.data, savedAt: stored.metadata.occurredAt };
  }
  return { pricing: DEFAULT_PRICING, savedAt: null };
}

/** A client as its own stream has it, with their portal sign-in when its account is still there. */
export async function clientFacts(
  deps: Pick<AppDeps, 'store'>,
  clientId: number,
): Promise<ClientFacts | undefined> {
  const { state } = await load(deps.store, clientStream(clientId), clientDecider);
  if (!state.exists) return undefined;
  const account =
    state.userId === null ? null : (await load(deps.store, userStream(state.userId), userDecider)).state;
  return {
    id: state.clientId,
    name: state.name,
    portalUserId: account?.status === 'active' ? account.id : null,
  };
}

/** The lookups a decision on these fields needs: the client and the project they name. */
async function partiesOf(
  deps: Pick<AppDeps, 'store'>,
  ids: { clientId?: number | null; projectId?: number | null },
) {
  const [client, project] = await Promise.all([
    ids.clientId == null ? undefined : clientFacts(deps, ids.clientId),
    ids.projectId == null ? undefined : projectFacts(deps, ids.projectId),
  ]);
  return { client, project };
}

const taken = (err: unknown, number: string) =>
  (err instanceof DomainError && err.status === 409 && err.message === quoteNumbers.takenMessage) ||
  (err instanceof ConcurrencyError && err.stream === uniqueStream(quoteNumbers, number));

/**
 * Makes estimate `estimateId`, priced with the current pricing. Its quote number is the time's
 * (`quoteNumberAt`), claimed in the same change; when another estimate holds it, the next one is tried.
 */
export async function createNew(
  deps: Deps,
  actor: Actor,
  command: { estimateId: number; fields: EstimateFields; by: number },
): Promise<CommandOutcome> {
  const { estimateId, fields, by } = command;
  const [{ pricing, savedAt }, { client, project }] = await Promise.all([
    currentPricing(deps),
    partiesOf(deps, fields),
  ]);
  const stream = estimateStream(estimateId);
  const loaded = await load(deps.store, stream, estimateDecider);
  const at = new Date();
  let quoteNumber = quoteNumberAt(at);
  for (let attempt = 0; attempt < QUOTE_NUMBER_TRIES; attempt++) {
    const created = writeFor(stream, loaded, actor, (state) =>
      createEstimate(state, {
        estimateId,
        quoteNumber,
        fields,
        client,
        project,
        pricing,
        pricingSavedAt: savedAt,
        by,
        at: at.toISOString(),
      }),
    );
    try {
      // The claim goes first: a number taken meanwhile refuses the change before the estimate is written.
      const claimed = await claim(deps, actor, quoteNumbers, quoteNumber, stream);
      return await commitChange(deps, [claimed, created]);
    } catch (err) {
      if (!taken(err, quoteNumber)) throw err;
      quoteNumber = nextQuoteNumber(quoteNumber);
    }
  }
  throw conflict('No free quote number was found. Please try again.');
}

/**
 * An admin's edit of estimate `id`, repriced with its own pricing. `expectedVersion` (If-Match): the version
 * the estimate page read; a field the edit names changed since refuses it (409).
 */
export async function changeExisting(
  deps: Deps,
  actor: Actor,
  command: { id: number; changes: EstimateChanges; by: number; expectedVersion?: number },
): Promise<CommandOutcome> {
  return decideAgainOnConflict(deps, async () => {
    const { id, changes, by, expectedVersion } = command;
    const { client, project } = await partiesOf(deps, changes);
    const stream = estimateStream(id);
    const loaded = await load(deps.store, stream, estimateDecider);
    if (expectedVersion !== undefined)
      await copyAsRead(deps.store, stream, estimateDecider, loaded, expectedVersion, (seen, now) =>
        estimateFieldsChanged(changes, seen, now),
      );
    const write = writeFor(stream, loaded, actor, (state) =>
      changeEstimate(state, { changes, client, project, by, at: new Date().toISOString() }),
    );
    return commitChange(deps, [write]);
  });
}

/** Deletes estimate `id` (not an accepted one). */
export async function deleteExisting(deps: Deps, actor: Actor, command: { id: number; by: number }) {
  return decideAgainOnConflict(deps, async () => {
    const stream = estimateStream(command.id);
    const write = writeFor(stream, await load(deps.store, stream, estimateDecider), actor, (state) =>
      deleteEstimate(state, { by: command.by, at: new Date().toISOString() }),
    );
    return commitChange(deps, [write]);
  });
}

/** The write that makes project `projectId` for an estimate's client, pending, from what the estimate says. */
async function projectWrite(
  deps: Deps,
  actor: Actor,
  estimate: Extract<EstimateState, { lifecycle: 'active' }>,
  projectId: number,
): Promise<StreamWrite | null> {
  const clientId = estimate.clientId;
  const client = clientId === null ? undefined : await clientFacts(deps, clientId);
  return decideOn(deps, projectStream(projectId), projectDecider, actor, (state) =>
    createProject(state, {
      projectId,
      client,
      body: projectFromEstimate(estimate, clientId ?? 0),
    }),
  );
}

/**
 * Create Project: a pending project for the estimate's client, made from the estimate, and the estimate
 * linked to it, as one change.
 */
export async function createProjectFor(
  deps: Deps,
  actor: Actor,
  command: { id: number; projectId: number; by: number },
): Promise<CommandOutcome> {
  return decideAgainOnConflict(deps, async () => {
    const { id, projectId, by } = command;
    const stream = estimateStream(id);
    const loaded = await load(deps.store, stream, estimateDecider);
    const linked = writeFor(stream, loaded, actor, (state) =>
      linkProject(state, { projectId, by, at: new Date().toISOString() }),
    );
    if (loaded.state.lifecycle !== 'active' || !linked) return commitChange(deps, []);
    return commitChange(deps, [await projectWrite(deps, actor, loaded.state, projectId), linked]);
  });
}

/** Sends estimate `id` to its client's portal (their sign-in is looked up on its own stream). */
export async function sendExisting(
  deps: Deps,
  actor: Actor,
  command: { id: number; by: number },
): Promise<CommandOutcome> {
  return decideAgainOnConflict(deps, async () => {
    const stream = estimateStream(command.id);
    const loaded = await load(deps.store, stream, estimateDecider);
    const { state } = loaded;
    const client =
      state.lifecycle === 'active' && state.clientId !== null
        ? await clientFacts(deps, state.clientId)
        : undefined;
    const write = writeFor(stream, loaded, actor, (s) =>
      sendEstimate(s, { client, by: command.by, at: new Date().toISOString() }),
    );
    return commitChange(deps, [write]);
  });
}

/**
 * The client accepts their quote. Without a project (or with one since deleted), a pending one is made in the
 * same change (`newProjectId` gives its id only then). `keepSignature` stores the drawn signature once the
 * acceptance is decided, so a refused one leaves nothing behind.
 */
export async function acceptExisting(
  deps: Deps,
  actor: Actor,
  command: {
    id: number;
    person: Person;
    signerName: string;
    ip: string;
    userAgent: string;
    signatureFile: string;
    newProjectId: () => Promise<number>;
    keepSignature: () => Promise<void>;
  },
): Promise<{ outcome: CommandOutcome; projectId: number | null }> {
  return decideAgainOnConflict(deps, async () => {
    const stream = estimateStream(command.id);
    const loaded = await load(deps.store, stream, estimateDecider);
    const { state } = loaded;
    const current =
      state.lifecycle === 'active' && state.projectId !== null
        ? await projectFacts(deps, state.projectId)
        : undefined;
    const decide = (projectId: number) =>
      writeFor(stream, loaded, actor, (s) =>
        acceptEstimate(s, {
          actor: command.person,
          signerName: command.signerName,
          ip: command.ip,
          userAgent: command.userAgent,
          signatureFile: command.signatureFile,
          projectId,
          at: new Date().toISOString(),
        }),
      );
    if (current) {
      const accepted = decide(current.id);
      await command.keepSignature();
      return { outcome: await commitChange(deps, [accepted]), projectId: current.id };
    }
    // Decided once before an id is taken, so a refused acceptance takes none.
    decide(1);
    if (state.lifecycle !== 'active') return { outcome: await commitChange(deps, []), projectId: null };
    const projectId = await command.newProjectId();
    const accepted = decide(projectId);
    const made = await projectWrite(deps, actor, state, projectId);
    await command.keepSignature();
    return { outcome: await commitChange(deps, [made, accepted]), projectId };
  });
}

/** The client declines the quote sent to them. */
export async function declineExisting(
  deps: Deps,
  actor: Actor,
  command: { id: number; person: Person; reason: string },
): Promise<CommandOutcome> {
  return decideAgainOnConflict(deps, async () => {
    const stream = estimateStream(command.id);
    const write = writeFor(stream, await load(deps.store, stream, estimateDecider), actor, (state) =>
      declineEstimate(state, { actor: command.person, reason: command.reason, at: new Date().toISOString() }),
    );
    return commitChange(deps, [write]);
  });
}
