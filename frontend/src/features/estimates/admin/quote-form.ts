import type { TCreateEstimateBody } from '@app/contracts/api/estimates';
import {
  type CameraType,
  QUOTE_KIND_LABELS,
  type QuoteInput,
  type QuoteKind,
} from '@app/contracts/estimates/calculate';

/**
 * The quote form as typed, shared by the Quote Calculator and the estimate page's edit mode (spec part 2,
 * sections 2.6, 4 "Estimate page" and 5 "Quote"). Numbers stay text while edited, so a field can be cleared
 * and retyped; `quoteInputOf` reads them for `calculateQuote`, whose own check (`quoteInputProblem`) says
 * what is out of bounds.
 */
export type QuoteDraft = {
  jobName: string;
  clientId: number | null;
  projectId: number | null;
  cameraType: CameraType;
  cameraCount: string;
  /** The count before the camera type was set to none, restored when a camera type is chosen again. */
  previousCount: string | null;
  wireLength: string;
  starlinkInstall: boolean;
  /** '' until one is chosen: Generate Quote waits for it. */
  propertyType: string;
  location: string;
  additionalServices: string[];
  /** Custom labor hours; null (or '') for the automatic hours. */
  laborHours: string | null;
  specialRequirements: string;
};

export const NEW_QUOTE: QuoteDraft = {
  jobName: '',
  clientId: null,
  projectId: null,
  cameraType: 'wired',
  cameraCount: '4',
  previousCount: null,
  wireLength: '0',
  starlinkInstall: false,
  propertyType: '',
  location: '',
  additionalServices: [],
  laborHours: null,
  specialRequirements: '',
};

/**
 * A new camera type: none sets the count to 0 (remembering it); another type after none restores the
 * remembered count, or 1.
 */
export function withCameraType<T extends QuoteDraft>(draft: T, cameraType: CameraType): T {
  if (cameraType === draft.cameraType) return draft;
  if (cameraType === 'none')
    return { ...draft, cameraType, cameraCount: '0', previousCount: draft.cameraCount };
  if (draft.cameraType === 'none') {
    const previous = Number(draft.previousCount);
    const cameraCount = Number.isInteger(previous) && previous >= 1 ? String(previous) : '1';
    return { ...draft, cameraType, cameraCount, previousCount: null };
  }
  return { ...draft, cameraType };
}

/** A new client clears the project, which must be one of that client's. */
export function withClient<T extends QuoteDraft>(draft: T, clientId: number | null): T {
  return clientId === draft.clientId ? draft : { ...draft, clientId, projectId: null };
}

/** A service ticked or unticked. */
export function withService<T extends QuoteDraft>(draft: T, serviceId: string, chosen: boolean): T {
  const others = draft.additionalServices.filter((id) => id !== serviceId);
  return { ...draft, additionalServices: chosen ? [...others, serviceId] : others };
}

/** A typed number, or the fallback for an empty or unreadable entry. */
const numberOr = (text: string | null, fallback: number) => {
  if (text === null || text.trim() === '') return fallback;
  const value = Number(text);
  return Number.isFinite(value) ? value : fallback;
};

/** Custom hours as typed: null for none (the automatic hours). */
export const laborHoursOf = (text: string | null) =>
  text === null || text.trim() === '' ? null : numberOr(text, 0);

/**
 * What the calculator is asked. Cameras fall back to 1 and wire to 0 (section 5); cable counts only for
 * wired cameras, so it is 0 for the others.
 */
export function quoteInputOf(draft: QuoteDraft): QuoteInput {
  const cameras = draft.cameraType !== 'none';
  return {
    cameraType: draft.cameraType,
    cameraCount: cameras ? numberOr(draft.cameraCount, 1) : 0,
    wireLength: draft.cameraType === 'wired' ? numberOr(draft.wireLength, 0) : 0,
    starlinkInstall: draft.starlinkInstall,
    propertyType: draft.propertyType,
    location: draft.location.trim(),
    additionalServices: draft.additionalServices,
    customLaborHours: laborHoursOf(draft.laborHours),
  };
}

/** Generate Quote waits for a property type (section 5). */
export const canGenerate = (draft: QuoteDraft) => draft.propertyType !== '';

/** The title a calculator quote is saved under: the job name, else what it is for and where. */
export function quoteTitle(draft: QuoteDraft, kind: QuoteKind): string {
  const jobName = draft.jobName.trim();
  if (jobName) return jobName;
  const location = draft.location.trim();
  return `${QUOTE_KIND_LABELS[kind]} Quote${location ? ` - ${location}` : ''}`;
}

/** POST /api/estimates (and the calculator's later saves): the form's fields; the server prices them. */
export function estimateBodyOf(draft: QuoteDraft, title: string): TCreateEstimateBody {
  const input = quoteInputOf(draft);
  return {
    title,
    jobName: draft.jobName.trim(),
    clientId: draft.clientId,
    projectId: draft.projectId,
    cameraType: input.cameraType,
    cameraCount: input.cameraCount,
    wireLength: input.wireLength,
    starlinkInstall: input.starlinkInstall,
    propertyType: input.propertyType,
    location: input.location,
    additionalServices: input.additionalServices,
    laborHours: input.customLaborHours,
    specialRequirements: draft.specialRequirements.trim(),
  };
}
