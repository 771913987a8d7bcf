import {
  type TCreateEstimateBody,
  type TEstimate,
  type TUpdateEstimateBody,
  ZUpdateEstimateBody,
} from '@app/contracts/api/estimates';
import { toCents } from '@app/contracts/estimates/pricing';
import { estimateBodyOf, type QuoteDraft } from './quote-form';

/**
 * The estimate page's edit mode (spec part 2, sections 4 "Estimate page" and 5 "Estimate edit"): the
 * calculator's fields plus the title, the description and the total.
 */
export type EstimateDraft = QuoteDraft & {
  title: string;
  description: string;
  /** A total set by hand, in dollars as typed; null: the calculated total. */
  totalCost: string | null;
};

export function estimateDraftOf(estimate: TEstimate): EstimateDraft {
  const cameras = estimate.cameraType !== 'none';
  return {
    title: estimate.title,
    jobName: estimate.jobName,
    clientId: estimate.clientId,
    projectId: estimate.projectId,
    cameraType: estimate.cameraType,
    cameraCount: String(cameras ? Math.max(estimate.cameraCount, 1) : 0),
    previousCount: null,
    wireLength: String(estimate.wireLength),
    starlinkInstall: estimate.starlinkInstall,
    propertyType: estimate.propertyType,
    location: estimate.location,
    additionalServices: estimate.additionalServices,
    laborHours: estimate.customLaborHours === null ? null : String(estimate.customLaborHours),
    specialRequirements: estimate.specialRequirements,
    description: estimate.description,
    totalCost: estimate.adjusted ? String(estimate.totalCost) : null,
  };
}

/** A total as typed: an empty or unreadable entry falls back to 0 (section 5). */
const dollarsOf = (text: string) => {
  const value = Number(text);
  return text.trim() === '' || !Number.isFinite(value) ? 0 : value;
};

export type EstimateSave = { ok: true; body: TUpdateEstimateBody | null } | { ok: false; problem: string };

/** The stored value of each field the form sends, to compare the draft with. */
function storedFields(estimate: TEstimate): TCreateEstimateBody {
  return {
    title: estimate.title,
    jobName: estimate.jobName,
    clientId: estimate.clientId,
    projectId: estimate.projectId,
    cameraType: estimate.cameraType,
    cameraCount: estimate.cameraCount,
    wireLength: estimate.wireLength,
    starlinkInstall: estimate.starlinkInstall,
    propertyType: estimate.propertyType,
    location: estimate.location,
    additionalServices: estimate.additionalServices,
    laborHours: estimate.customLaborHours,
    specialRequirements: estimate.specialRequirements,
  };
}

const same = (a: unknown, b: unknown) =>
  Array.isArray(a) && Array.isArray(b)
    ? a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n')
    : a === b;

/**
 * PATCH /api/estimates/{id}: only what the admin changed (null when nothing), so another admin's change to
 * other fields meanwhile is kept. In particular:
 * - the labor hours only when the admin typed others than the estimate's custom hours (automatic: null);
 * - the description only when the admin changed it (otherwise the server writes it for the new input);
 * - the total only when the admin set one (a number) or went back to the calculated one (null).
 * `calculatedCents` is the draft's calculated total: a typed total equal to it is not an adjustment.
 */
export function estimateSave(
  estimate: TEstimate,
  draft: EstimateDraft,
  calculatedCents: number,
): EstimateSave {
  const fields = estimateBodyOf(draft, draft.title.trim());
  const stored = storedFields(estimate);
  const body: TUpdateEstimateBody = Object.fromEntries(
    Object.entries(fields).filter(([key, value]) => !same(value, stored[key as keyof TCreateEstimateBody])),
  );
  if (draft.description.trim() !== estimate.description.trim()) body.description = draft.description.trim();
  if (draft.totalCost === null) {
    if (estimate.adjusted) body.totalCost = null;
  } else {
    const dollars = dollarsOf(draft.totalCost);
    const standing = estimate.adjusted ? estimate.totalCents : calculatedCents;
    if (toCents(dollars) !== standing) body.totalCost = dollars;
  }
  if (Object.keys(body).length === 0) return { ok: true, body: null };
  const parsed = ZUpdateEstimateBody.safeParse(body);
  if (!parsed.success)
    return { ok: false, problem: parsed.error.issues[0]?.message ?? 'Please check the form.' };
  return { ok: true, body };
}
