import { isDeepStrictEqual } from 'node:util';
import {
  ESTIMATE_ACCEPTED_LOCKED,
  ESTIMATE_HAS_PROJECT,
  ESTIMATE_NEEDS_CLIENT,
  ESTIMATE_NOT_FOUND,
  QUOTE_NOT_OPEN,
  QUOTE_PROJECT_NOT_CLIENTS,
  type TEstimateStatus,
} from '@app/contracts/api/estimates';
import type { TProjectType } from '@app/contracts/api/projects';
import {
  type CameraType,
  calculateQuote,
  camerasOf,
  describeQuote,
  QUOTE_VALID_DAYS,
  type QuoteInput,
  type QuoteKind,
  quoteInputProblem,
} from '@app/contracts/estimates/calculate';
import { fromCents, type Pricing, toCents } from '@app/contracts/estimates/pricing';
import type { TEstimateEvent } from '@app/contracts/events/estimates';
import type { Person } from '../auth/person.ts';
import { conflict, forbidden, invalid, notFound } from '../platform/errors.ts';
import type { CreateProjectBody } from '../projects/decide.ts';
import type { ProjectFacts } from '../projects/facts.ts';
import { canonicalJson, type QuoteContent, quoteSha256 } from './quote-hash.ts';

export const estimateStream = (id: number) => `estimate-${id}`;

export const QUOTE_NEEDS_CLIENT = 'Choose a client for this estimate before sending it';
export const QUOTE_CLIENT_NO_PORTAL =
  'This client has no portal sign-in to read the quote: give them portal access first';
export const QUOTE_CHANGED = 'This quote changed after it was sent. Please ask us for the current quote.';
export const ONLY_CLIENT_ANSWERS = 'Only the client the quote was sent to can accept or decline it';
export const quoteExpired = (validUntil: string) =>
  `This quote expired on ${validUntil.slice(0, 10)}. Please ask us for a new quote.`;

type Data<T extends TEstimateEvent['type']> = Extract<TEstimateEvent, { type: T }>['data'];
/** An estimate as priced: its texts, the calculator's input and answer (what `EstimateChanged` records). */
export type Priced = Omit<Data<'EstimateChanged'>, 'estimateId' | 'changedBy' | 'changedAt'>;

interface Facts extends Priced {
  id: number;
  quoteNumber: string;
  /** The pricing it was made with: every reprice uses it, never the current settings. */
  pricing: Pricing;
  pricingSavedAt: string | null;
  createdAt: string;
  status: TEstimateStatus;
  /** What the client was sent (null while a draft). */
  sent: { quoteSha256: string; validUntil: string; sentAt: string } | null;
}

export type EstimateState =
  | { lifecycle: 'none' }
  | ({ lifecycle: 'active' } & Facts)
  | { lifecycle: 'deleted'; id: number };

const pricedOf = (d: Priced): Priced => ({
  title: d.title,
  jobName: d.jobName,
  clientId: d.clientId,
  projectId: d.projectId,
  description: d.description,
  specialRequirements: d.specialRequirements,
  recommendations: d.recommendations,
  adjustedTotalCents: d.adjustedTotalCents,
  cameraType: d.cameraType,
  cameraCount: d.cameraCount,
  wireLength: d.wireLength,
  starlinkInstall: d.starlinkInstall,
  propertyType: d.propertyType,
  location: d.location,
  additionalServices: d.additionalServices,
  customLaborHours: d.customLaborHours,
  breakdown: d.breakdown,
  totalCents: d.totalCents,
  laborHours: d.laborHours,
  multiplier: d.multiplier,
  timeline: d.timeline,
  kind: d.kind,
});

export const estimateDecider = {
  initial: { lifecycle: 'none' } as EstimateState,
  evolve(state: EstimateState, event: TEstimateEvent): EstimateState {
    if (event.type === 'EstimateCreated') {
      const d = event.data;
      return {
        lifecycle: 'active',
        id: d.estimateId,
        quoteNumber: d.quoteNumber,
        ...pricedOf(d),
        pricing: d.pricing,
        pricingSavedAt: d.pricingSavedAt,
        createdAt: d.createdAt,
        status: 'draft',
        sent: null,
      };
    }
    if (state.lifecycle !== 'active') return state;
    switch (event.type) {
      case 'EstimateChanged': {
        // A change to a quote the client was sent (or declined) makes it a draft: it must be sent again.
        const reopened = state.status === 'sent' || state.status === 'declined';
        return {
          ...state,
          ...pricedOf(event.data),
          ...(reopened ? { status: 'draft' as const, sent: null } : {}),
        };
      }
      case 'EstimateDeleted':
        return { lifecycle: 'deleted', id: state.id };
      case 'EstimateProjectLinked':
        return { ...state, projectId: event.data.projectId };
      case 'EstimateSent': {
        const { quoteSha256, validUntil, sentAt } = event.data;
        return { ...state, status: 'sent', sent: { quoteSha256, validUntil, sentAt } };
      }
      case 'EstimateAccepted':
        return { ...state, status: 'accepted', projectId: event.data.projectId };
      case 'EstimateDeclined':
        return { ...state, status: 'declined' };
      default: {
        const unhandled: never = event;
        return unhandled;
      }
    }
  },
};

/** The services of the pricing an estimate includes, in the pricing's order, at the pricing's price (dollars). */
export const selectedServicesOf = (pricing: Pick<Pricing, 'customServices'>, ids: readonly string[]) =>
  pricing.customServices
    .filter((s) => ids.includes(s.id))
    .map((s) => ({ id: s.id, name: s.name, price: s.price }));

/** What the client reads of an estimate, valid until `validUntil`. */
export const quoteContentOf = (e: Facts, validUntil: string): QuoteContent => ({
  quoteNumber: e.quoteNumber,
  title: e.title,
  description: e.description,
  breakdown: e.breakdown,
  calculatedTotalCents: e.totalCents,
  totalCents: e.adjustedTotalCents ?? e.totalCents,
  timeline: e.timeline,
  recommendations: e.recommendations,
  selectedServices: selectedServicesOf(e.pricing, e.additionalServices),
  specialRequirements: e.specialRequirements,
  validUntil,
});

/** The next quote number to try when one is taken: the six digits plus one, 999999 wrapping to 000000. */
export const nextQuoteNumber = (quoteNumber: string) =>
  `NGS${String((Number(quoteNumber.slice(3)) + 1) % 1_000_000).padStart(6, '0')}`;

/** The day a quote stops being open: QUOTE_VALID_DAYS after `from`. */
export const validUntilFrom = (from: string) =>
  new Date(Date.parse(from) + QUOTE_VALID_DAYS * 86_400_000).toISOString();

/** What an admin sets on an estimate; `description` null or blank: the calculator's. */
export interface EstimateFields {
  title: string;
  jobName: string;
  clientId: number | null;
  projectId: number | null;
  cameraType: CameraType;
  cameraCount: number;
  wireLength: number;
  starlinkInstall: boolean;
  propertyType: string;
  location: string;
  additionalServices: string[];
  customLaborHours: number | null;
  specialRequirements: string;
  description: string | null;
}

/** A client named by an estimate, as its own stream has it. */
export interface ClientFacts {
  id: number;
  name: string;
  /** The client's portal sign-in, when they have one that is not deleted. */
  portalUserId: number | null;
}

/**
 * Prices fields with a pricing (the estimate's own): 400 with the calculator's reason when it cannot
 * (unknown property type or service, counts out of bounds). A hand-set total equal to the calculated one is
 * no adjustment.
 */
function price(fields: EstimateFields, pricing: Pricing, adjustedTotalCents: number | null): Priced {
  const input: QuoteInput = {
    cameraType: fields.cameraType,
    cameraCount: fields.cameraCount,
    wireLength: fields.wireLength,
    starlinkInstall: fields.starlinkInstall,
    propertyType: fields.propertyType,
    location: fields.location.trim(),
    additionalServices: [...new Set(fields.additionalServices)],
    customLaborHours: fields.customLaborHours,
  };
  const problem = quoteInputProblem(input, pricing);
  if (problem) throw invalid(problem, 'quote_input');
  const quote = calculateQuote(input, pricing);
  const title = fields.title.trim();
  if (title.length === 0) throw invalid('Title is required', 'title_required');
  return {
    title,
    jobName: fields.jobName.trim(),
    clientId: fields.clientId,
    projectId: fields.projectId,
    description: fields.description?.trim() || quote.description,
    specialRequirements: fields.specialRequirements.trim(),
    recommendations: quote.recommendations,
    adjustedTotalCents: adjustedTotalCents === quote.totalCents ? null : adjustedTotalCents,
    ...input,
    // No cameras for the camera type none, whatever count the form left.
    cameraCount: camerasOf(input),
    breakdown: quote.breakdown,
    totalCents: quote.totalCents,
    laborHours: quote.laborHours,
    multiplier: quote.multiplier,
    timeline: quote.timeline,
    kind: quote.kind,
  };
}

/** A client an estimate names must exist (`client`: looked up on its own stream). */
function checkClient(clientId: number | null, client: ClientFacts | undefined) {
  if (clientId !== null && client?.id !== clientId)
    throw invalid(`Please select a client: client ${clientId} was not found.`, 'client_not_found');
}

/** A project an estimate names must be one of its client's (`project`: looked up on its own stream). */
function checkProject(
  fields: Pick<EstimateFields, 'clientId' | 'projectId'>,
  project: ProjectFacts | undefined,
) {
  const { clientId, projectId } = fields;
  if (projectId !== null && (project?.id !== projectId || project.clientId !== clientId))
    throw invalid(QUOTE_PROJECT_NOT_CLIENTS, 'project_not_clients');
}

function active(state: EstimateState) {
  if (state.lifecycle !== 'active') throw notFound(ESTIMATE_NOT_FOUND);
  return state;
}

function unlocked(state: EstimateState) {
  const estimate = active(state);
  if (estimate.status === 'accepted') throw conflict(ESTIMATE_ACCEPTED_LOCKED, 'estimate_accepted');
  return estimate;
}

/** A draft estimate, priced with the current pricing (kept in the event with when it was saved). */
export function createEstimate(
  state: EstimateState,
  command: {
    estimateId: number;
    quoteNumber: string;
    fields: EstimateFields;
    client: ClientFacts | undefined;
    project: ProjectFacts | undefined;
    pricing: Pricing;
    pricingSavedAt: string | null;
    by: number;
    at: string;
  },
): TEstimateEvent[] {
  if (state.lifecycle !== 'none') throw conflict('This estimate already exists.');
  const { fields, pricing } = command;
  checkClient(fields.clientId, command.client);
  checkProject(fields, command.project);
  return [
    {
      type: 'EstimateCreated',
      data: {
        estimateId: command.estimateId,
        quoteNumber: command.quoteNumber,
        ...price(fields, pricing, null),
        pricing,
        pricingSavedAt: command.pricingSavedAt,
        createdBy: command.by,
        createdAt: command.at,
      },
    },
  ];
}

export type EstimateChanges = Partial<EstimateFields> & {
  /** Dollars: a hand-set total (null: the calculated total stands again). */
  totalCost?: number | null;
};

/**
 * The fields an edit names (as the API names them: `laborHours`, `totalCost`) whose stored values changed
 * between the copy the person read (`seen`) and the estimate as stored (`now`): the edit would overwrite
 * them unseen. Sending the quote, or the client's answer, changes none of them.
 */
export function estimateFieldsChanged(
  changes: EstimateChanges,
  seen: EstimateState,
  now: EstimateState,
): string[] {
  if (now.lifecycle !== 'active') return [];
  const editable = (e: Facts) => ({ ...fieldsOf(e), totalCost: e.adjustedTotalCents });
  const after = editable(now);
  // A copy from before the estimate was made holds none of its fields.
  const before = seen.lifecycle === 'active' ? editable(seen) : ({} as Partial<typeof after>);
  return (Object.keys(before) as (keyof typeof before)[])
    .filter((key) => changes[key] !== undefined && !isDeepStrictEqual(before[key], after[key]))
    .map((key) => (key === 'customLaborHours' ? 'laborHours' : key));
}

const fieldsOf = (e: Facts): EstimateFields => ({
  title: e.title,
  jobName: e.jobName,
  clientId: e.clientId,
  projectId: e.projectId,
  cameraType: e.cameraType,
  cameraCount: e.cameraCount,
  wireLength: e.wireLength,
  starlinkInstall: e.starlinkInstall,
  propertyType: e.propertyType,
  location: e.location,
  additionalServices: e.additionalServices,
  customLaborHours: e.customLaborHours,
  specialRequirements: e.specialRequirements,
  description: e.description,
});

/**
 * An admin's edit: only what `changes` names; repriced with the estimate's own pricing. A new client clears
 * the project unless one of theirs is named. A description the calculator wrote follows the new input; one
 * the admin wrote stays. Changing a sent quote makes it a draft again; an accepted one cannot change.
 */
export function changeEstimate(
  state: EstimateState,
  command: {
    changes: EstimateChanges;
    /** The client `changes.clientId` names, and the project `changes.projectId` names (when they do). */
    client: ClientFacts | undefined;
    project: ProjectFacts | undefined;
    by: number;
    at: string;
  },
): TEstimateEvent[] {
  const estimate = unlocked(state);
  const { totalCost, ...changes } = command.changes;
  const current = fieldsOf(estimate);
  const merged: EstimateFields = { ...current };
  for (const [key, value] of Object.entries(changes))
    if (value !== undefined) Object.assign(merged, { [key]: value });
  const clientChanged = merged.clientId !== estimate.clientId;
  if (clientChanged && changes.projectId === undefined) merged.projectId = null;
  if (clientChanged) checkClient(merged.clientId, command.client);
  if (clientChanged || merged.projectId !== estimate.projectId) checkProject(merged, command.project);
  if (changes.description === undefined) {
    const calculated = describeQuote(estimate, estimate.pricing);
    merged.description = estimate.description === calculated ? null : estimate.description;
  }
  const adjusted =
    totalCost === undefined ? estimate.adjustedTotalCents : totalCost === null ? null : toCents(totalCost);
  const next = price(merged, estimate.pricing, adjusted);
  if (canonicalJson(next) === canonicalJson(pricedOf(estimate))) return [];
  return [
    {
      type: 'EstimateChanged',
      data: { estimateId: estimate.id, ...next, changedBy: command.by, changedAt: command.at },
    },
  ];
}

export function deleteEstimate(state: EstimateState, command: { by: number; at: string }): TEstimateEvent[] {
  const estimate = unlocked(state);
  return [
    {
      type: 'EstimateDeleted',
      data: { estimateId: estimate.id, deletedBy: command.by, deletedAt: command.at },
    },
  ];
}

const PROJECT_TYPE_OF: Record<QuoteKind, TProjectType> = {
  cameras: 'security_cameras',
  starlink: 'starlink',
  consultation: 'consultation',
};

/** The pending project made from an estimate (Create Project, or accepting a quote without one). */
export function projectFromEstimate(
  estimate: Pick<Facts, 'title' | 'description' | 'kind' | 'timeline' | 'totalCents' | 'adjustedTotalCents'>,
  clientId: number,
): CreateProjectBody {
  return {
    clientId,
    title: estimate.title,
    type: PROJECT_TYPE_OF[estimate.kind],
    description: estimate.description,
    status: 'pending',
    totalAmount: null,
    estimatedCost: fromCents(estimate.adjustedTotalCents ?? estimate.totalCents),
    timeline: estimate.timeline,
    jobStartDate: null,
    jobEndDate: null,
    progress: 0,
    notes: '',
  };
}

/** Create Project: links the project made in the same change. Needs a client; one project per estimate. */
export function linkProject(
  state: EstimateState,
  command: { projectId: number; by: number; at: string },
): TEstimateEvent[] {
  const estimate = active(state);
  if (estimate.clientId === null) throw invalid(ESTIMATE_NEEDS_CLIENT, 'estimate_needs_client');
  if (estimate.projectId !== null) throw conflict(ESTIMATE_HAS_PROJECT, 'estimate_has_project');
  return [
    {
      type: 'EstimateProjectLinked',
      data: {
        estimateId: estimate.id,
        projectId: command.projectId,
        linkedBy: command.by,
        linkedAt: command.at,
      },
    },
  ];
}

/**
 * Sends the quote to its client's portal, open for QUOTE_VALID_DAYS, with the hash of what they will read.
 * Sending again (an expired or declined quote) opens it again.
 */
export function sendEstimate(
  state: EstimateState,
  command: { client: ClientFacts | undefined; by: number; at: string },
): TEstimateEvent[] {
  const estimate = unlocked(state);
  const { client } = command;
  if (estimate.clientId === null) throw conflict(QUOTE_NEEDS_CLIENT, 'quote_needs_client');
  if (client?.id !== estimate.clientId || client.portalUserId === null)
    throw conflict(QUOTE_CLIENT_NO_PORTAL, 'quote_client_no_portal');
  const validUntil = validUntilFrom(command.at);
  return [
    {
      type: 'EstimateSent',
      data: {
        estimateId: estimate.id,
        clientId: estimate.clientId,
        quoteSha256: quoteSha256(quoteContentOf(estimate, validUntil)),
        validUntil,
        sentBy: command.by,
        sentAt: command.at,
      },
    },
  ];
}

/** A quote the person may answer: their own, sent to them (anyone else's, or a draft, answers 404). */
function answerable(state: EstimateState, actor: Person) {
  const estimate = active(state);
  if (actor.role === 'admin') throw forbidden(ONLY_CLIENT_ANSWERS, 'only_client_answers');
  if (actor.clientId === null || estimate.clientId !== actor.clientId || estimate.status === 'draft')
    throw notFound(ESTIMATE_NOT_FOUND);
  if (estimate.status !== 'sent' || estimate.sent === null) throw conflict(QUOTE_NOT_OPEN, 'quote_not_open');
  return { ...estimate, sent: estimate.sent };
}

/**
 * The client accepts the quote they were sent, while it is open: their typed name, drawn signature (stored
 * by the caller), where from, and the hash of the quote as it stands, which must be the one sent. The work
 * goes to `projectId` (the estimate's project, or one made in the same change).
 */
export function acceptEstimate(
  state: EstimateState,
  command: {
    actor: Person;
    signerName: string;
    ip: string;
    userAgent: string;
    signatureFile: string;
    projectId: number;
    at: string;
  },
): TEstimateEvent[] {
  const estimate = answerable(state, command.actor);
  if (Date.parse(command.at) > Date.parse(estimate.sent.validUntil))
    throw conflict(quoteExpired(estimate.sent.validUntil), 'quote_expired');
  const hash = quoteSha256(quoteContentOf(estimate, estimate.sent.validUntil));
  if (hash !== estimate.sent.quoteSha256) throw conflict(QUOTE_CHANGED, 'quote_changed');
  return [
    {
      type: 'EstimateAccepted',
      data: {
        estimateId: estimate.id,
        acceptedBy: command.actor.userId,
        signerName: command.signerName.trim(),
        acceptedAt: command.at,
        ip: command.ip,
        userAgent: command.userAgent,
        quoteSha256: hash,
        signatureFile: command.signatureFile,
        projectId: command.projectId,
      },
    },
  ];
}

/** The client declines the quote they were sent, saying why. */
export function declineEstimate(
  state: EstimateState,
  command: { actor: Person; reason: string; at: string },
): TEstimateEvent[] {
  const estimate = answerable(state, command.actor);
  const reason = command.reason.trim();
  if (reason.length === 0) throw invalid('Please tell us why you are declining', 'reason_required');
  return [
    {
      type: 'EstimateDeclined',
      data: { estimateId: estimate.id, declinedBy: command.actor.userId, reason, declinedAt: command.at },
    },
  ];
}
