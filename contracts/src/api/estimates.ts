import { z } from 'zod';
import { CAMERA_TYPES, LABOR_HOURS_MAX, WIRE_LENGTH_MAX } from '../estimates/calculate.ts';
import { isWholeCents } from '../estimates/pricing.ts';
import { ZSignDocumentBody } from './documents.ts';
import { ZListQuery, ZPage } from './paging.ts';
import { ZId, ZIdParam, ZText } from './primitives.ts';
import { ZVersion } from './versions.ts';

/**
 * The estimates API (spec part 2, sections 2.6, 3 "Estimate", 4 "Estimate page", 5, 7 "Estimates"), and the
 * client's online approval of a quote sent to them. Money is integer cents (`…Cents`); `totalCost` is the
 * spec's dollar field, kept for the screens that show it.
 */

export const ESTIMATE_STATUSES = ['draft', 'sent', 'accepted', 'declined'] as const;
export type TEstimateStatus = (typeof ESTIMATE_STATUSES)[number];
export const ESTIMATE_STATUS_LABELS: Record<TEstimateStatus, string> = {
  draft: 'Draft',
  sent: 'Sent to client',
  accepted: 'Accepted',
  declined: 'Declined',
};

export const ESTIMATE_NOT_FOUND = 'Estimate not found';
export const ESTIMATE_ACCEPTED_LOCKED = 'An accepted estimate cannot be changed';
export const ESTIMATE_NEEDS_CLIENT = 'Choose a client for this estimate first';
export const ESTIMATE_HAS_PROJECT = 'This estimate already has a project';
export const QUOTE_NOT_OPEN = 'This quote is no longer waiting for an answer';
export const QUOTE_PROJECT_NOT_CLIENTS = "The project must be one of the estimate's client's projects";
export const TOTAL_NEGATIVE = 'Total cost cannot be negative';

/** A number typed in a form may arrive as text ("2.5"); '' and null mean "not given". */
const numberish = (message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? null : Number(v)) : v),
    z.number({ error: message }).finite(message).nullable(),
  );

const count = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} cannot be negative`)
    .max(max, `${label} must be at most ${max}`);

/**
 * The fields an estimate is made and changed with, without defaults: PATCH takes any subset of them, and a
 * default there would overwrite what is stored with it (a PATCH of the title alone would clear the client).
 */
const estimateFields = {
  title: ZText(200, { error: 'Title is required' }).min(1, 'Title is required'),
  jobName: ZText(200),
  clientId: ZId('Please select a client').nullable(),
  projectId: ZId('must be a project id').nullable(),
  cameraType: z.enum(CAMERA_TYPES, { error: 'Camera type must be none, wired or wireless' }),
  cameraCount: count('Number of cameras', 32),
  wireLength: count('Wire length', WIRE_LENGTH_MAX),
  starlinkInstall: z.boolean({ error: 'starlinkInstall must be true or false' }),
  propertyType: ZText(50, { error: 'Please choose a property type' }).min(1, 'Please choose a property type'),
  location: ZText(300),
  additionalServices: z.array(ZText(100)).max(100),
  /** Custom labor hours; null or '' for the automatic hours. */
  laborHours: numberish('Labor hours must be a number').refine(
    (h) => h === null || (h >= 0 && h <= LABOR_HOURS_MAX && Number.isInteger(h * 2)),
    { message: `Labor hours must be from 0 to ${LABOR_HOURS_MAX} in steps of 0.5` },
  ),
  specialRequirements: ZText(5_000),
  /** The calculator's description unless the admin wrote their own. */
  description: ZText(5_000),
};

/**
 * What the calculator and the estimate page send (POST /api/estimates, and PATCH with any subset). The server
 * checks the property type and services against the pricing and prices the estimate itself: amounts sent by
 * the browser are never taken, except a `totalCost` an admin typed on the estimate page (kept as an
 * adjustment beside the calculated total).
 */
export const ZEstimateFields = z.object({
  ...estimateFields,
  jobName: estimateFields.jobName.default(''),
  clientId: estimateFields.clientId.default(null),
  projectId: estimateFields.projectId.default(null),
  wireLength: estimateFields.wireLength.default(0),
  starlinkInstall: estimateFields.starlinkInstall.default(false),
  location: estimateFields.location.default(''),
  additionalServices: estimateFields.additionalServices.default([]),
  laborHours: estimateFields.laborHours.default(null),
  specialRequirements: estimateFields.specialRequirements.default(''),
  description: estimateFields.description.optional(),
});
export const ZCreateEstimateBody = ZEstimateFields;
export type TCreateEstimateBody = z.input<typeof ZCreateEstimateBody>;

/** PATCH /api/estimates/{id}: any of the fields; `totalCost` (dollars) sets or clears a hand-set total. */
export const ZUpdateEstimateBody = z
  .object(estimateFields)
  .partial()
  .extend({
    totalCost: numberish('Total cost must be a number')
      .refine((v) => v === null || v >= 0, TOTAL_NEGATIVE)
      .refine((v) => v === null || isWholeCents(v), { message: 'Total cost has at most two decimals' })
      .refine((v) => v === null || v <= 1_000_000_000, 'Total cost is too large')
      .optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Nothing to change' });
export type TUpdateEstimateBody = z.input<typeof ZUpdateEstimateBody>;

export const ZEstimateIdParams = z.object({ id: ZIdParam });

const ZCentsBreakdown = z.object({
  cameras: z.number().int(),
  wiring: z.number().int(),
  starlink: z.number().int(),
  labor: z.number().int(),
  additional: z.number().int(),
});

export const ZPricingSnapshot = z.object({
  wiredCameraPrice: z.number(),
  wirelessCameraPrice: z.number(),
  wireCostPerFoot: z.number(),
  starlinkInstallPrice: z.number(),
  laborHourlyRate: z.number(),
  additionalServicePrice: z.number(),
  propertyTypeMultipliers: z.record(z.string(), z.number()),
  customServices: z.array(
    z.object({ id: z.string(), name: z.string(), price: z.number(), description: z.string() }),
  ),
});

export const ZEstimate = z.object({
  id: z.number().int(),
  quoteNumber: z.string(),
  title: z.string(),
  jobName: z.string(),
  clientId: z.number().int().nullable(),
  clientName: z.string().nullable(),
  projectId: z.number().int().nullable(),
  projectTitle: z.string().nullable(),
  propertyType: z.string(),
  location: z.string(),
  cameraType: z.enum(CAMERA_TYPES),
  cameraCount: z.number().int(),
  wireLength: z.number().int(),
  starlinkInstall: z.boolean(),
  /** The hours labor was priced with; `customLaborHours` is null when they are the automatic ones. */
  laborHours: z.number(),
  customLaborHours: z.number().nullable(),
  additionalServices: z.array(z.string()),
  selectedServices: z.array(z.object({ id: z.string(), name: z.string(), price: z.number() })),
  specialRequirements: z.string(),
  description: z.string(),
  timeline: z.string(),
  recommendations: z.array(z.string()),
  /** Each part in cents, the property multiplier applied. */
  breakdown: ZCentsBreakdown,
  multiplier: z.number(),
  calculatedTotalCents: z.number().int(),
  /** The total the client pays: the hand-set one when there is one, else the calculated one. */
  totalCents: z.number().int(),
  /** `totalCents` in dollars (the spec's field). */
  totalCost: z.number(),
  adjusted: z.boolean(),
  kind: z.enum(['starlink', 'cameras', 'consultation']),
  /** The pricing the estimate was made with (staff only; null for the client). */
  pricing: ZPricingSnapshot.nullable(),
  /** When that pricing was saved (null: the defaults). "Priced with the settings of <date>". */
  pricingSavedAt: z.string().nullable(),
  status: z.enum(ESTIMATE_STATUSES),
  sentAt: z.string().nullable(),
  /** 30 days from when it was sent, or made while a draft. */
  validUntil: z.string(),
  acceptedAt: z.string().nullable(),
  signerName: z.string().nullable(),
  declinedAt: z.string().nullable(),
  declineReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** What the estimate page's save sends back as If-Match (see ./versions.ts). */
  version: ZVersion,
});
export type TEstimate = z.infer<typeof ZEstimate>;
export const ZEstimates = z.array(ZEstimate);

/** All Estimates' orders: newest first (the default), highest total first, title A-Z. */
export const ESTIMATE_SORTS = ['date', 'cost', 'title'] as const;
export type TEstimateSort = (typeof ESTIMATE_SORTS)[number];
/** All Estimates' "Show": quotes with a Starlink installation, or with at least one camera. */
export const ESTIMATE_INCLUDES = ['starlink', 'cameras'] as const;
export type TEstimateIncludes = (typeof ESTIMATE_INCLUDES)[number];

/**
 * `GET /api/estimates` paged (see ./paging.ts): every word of `q` in the quote number, title, job name,
 * location, client's name or project's title; the status, the client and what the quote includes as filters.
 * A client's pages hold only their own quotes that were sent to them.
 */
export const ZEstimatesQuery = ZListQuery({
  status: z
    .enum(ESTIMATE_STATUSES, { error: `status must be one of ${ESTIMATE_STATUSES.join(', ')}` })
    .optional(),
  clientId: ZIdParam.optional(),
  includes: z
    .enum(ESTIMATE_INCLUDES, { error: `includes must be one of ${ESTIMATE_INCLUDES.join(', ')}` })
    .optional(),
  sort: z.enum(ESTIMATE_SORTS, { error: `sort must be one of ${ESTIMATE_SORTS.join(', ')}` }).optional(),
});
export type TEstimatesQuery = z.infer<typeof ZEstimatesQuery>;
export const ZEstimatesPage = ZPage(ZEstimate);
export type TEstimatesPage = z.infer<typeof ZEstimatesPage>;

/** POST /api/estimates/{id}/accept: the client's typed name and drawn signature. */
export const ZAcceptQuoteBody = z.object({
  signerName: ZText(200, { error: 'Please type your full name' }).min(1, 'Please type your full name'),
  signatureData: ZSignDocumentBody.shape.signatureData,
});
export type TAcceptQuoteBody = z.infer<typeof ZAcceptQuoteBody>;

/** POST /api/estimates/{id}/decline. */
export const ZDeclineQuoteBody = z.object({
  reason: ZText(2_000, { error: 'Please tell us why you are declining' }).min(
    1,
    'Please tell us why you are declining',
  ),
});
export type TDeclineQuoteBody = z.infer<typeof ZDeclineQuoteBody>;

/** POST /api/estimates/{id}/project (Create Project): the project made from the estimate, pending. */
export const ZEstimateProjectResponse = z.object({ estimate: ZEstimate, projectId: z.number().int() });
