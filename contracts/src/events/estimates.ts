import { z } from 'zod';
import { defineEvent } from './define.ts';
import { eId, eInstant, eText } from './values.ts';

/**
 * Estimate (quote) events, one stream per estimate (`estimate-<estimateId>`). An estimate keeps the pricing it
 * was made with and the amounts computed from it: a later pricing change, or a later version of the
 * calculator, never alters a saved estimate. Money is integer cents.
 */
const id = { estimateId: eId };
const eCents = z.number().int().min(0).max(100_000_000_000);

/** The pricing as it stood when the estimate was priced (the settings' pricing section, dollars as entered). */
export const ePricing = z.object({
  wiredCameraPrice: z.number().min(0),
  wirelessCameraPrice: z.number().min(0),
  wireCostPerFoot: z.number().min(0),
  starlinkInstallPrice: z.number().min(0),
  laborHourlyRate: z.number().min(0),
  additionalServicePrice: z.number().min(0),
  propertyTypeMultipliers: z.record(eText, z.number().min(0)),
  customServices: z.array(z.object({ id: eText, name: eText, price: z.number().min(0), description: eText })),
});

/** What the calculator was asked (spec's Estimate fields). */
const eInput = {
  cameraType: z.enum(['none', 'wired', 'wireless']),
  cameraCount: z.number().int().min(0).max(32),
  wireLength: z.number().int().min(0),
  starlinkInstall: z.boolean(),
  propertyType: eText,
  location: eText,
  additionalServices: z.array(eText),
  /** Null: the automatic hours. */
  customLaborHours: z.number().min(0).nullable(),
};

/** What the calculator answered, kept as the authoritative amounts. */
const eQuote = {
  breakdown: z.object({
    cameras: eCents,
    wiring: eCents,
    starlink: eCents,
    labor: eCents,
    additional: eCents,
  }),
  totalCents: eCents,
  laborHours: z.number().min(0),
  multiplier: z.number().min(0),
  timeline: eText,
  kind: z.enum(['starlink', 'cameras', 'consultation']),
};

/** What the admin can write on an estimate besides the calculator's input. */
const eDetails = {
  title: eText,
  jobName: eText,
  clientId: eId.nullable(),
  projectId: eId.nullable(),
  description: eText,
  specialRequirements: eText,
  recommendations: z.array(eText),
  /** A total the admin set by hand (null: the calculated total stands). */
  adjustedTotalCents: eCents.nullable(),
};

export const ZEstimateCreated = defineEvent(
  'EstimateCreated',
  z.object({
    ...id,
    quoteNumber: eText,
    ...eDetails,
    ...eInput,
    ...eQuote,
    pricing: ePricing,
    /** When the pricing used was saved (null: the defaults, never saved). */
    pricingSavedAt: eInstant.nullable(),
    createdBy: eId,
    createdAt: eInstant,
  }),
);

/** The whole estimate after an edit (repriced with its own stored pricing). */
export const ZEstimateChanged = defineEvent(
  'EstimateChanged',
  z.object({ ...id, ...eDetails, ...eInput, ...eQuote, changedBy: eId, changedAt: eInstant }),
);

export const ZEstimateDeleted = defineEvent(
  'EstimateDeleted',
  z.object({ ...id, deletedBy: eId, deletedAt: eInstant }),
);

/** Create Project: the project made from this estimate (its events are on the project's stream, same change). */
export const ZEstimateProjectLinked = defineEvent(
  'EstimateProjectLinked',
  z.object({ ...id, projectId: eId, linkedBy: eId, linkedAt: eInstant }),
);

/** Sent to the client to read and accept in the portal; `quoteSha256` covers exactly what they will read. */
export const ZEstimateSent = defineEvent(
  'EstimateSent',
  z.object({
    ...id,
    clientId: eId,
    quoteSha256: z.string().regex(/^[0-9a-f]{64}$/),
    validUntil: eInstant,
    sentBy: eId,
    sentAt: eInstant,
  }),
);

/** The client accepted the quote they were sent: typed name, drawn signature, and the hash of what they read. */
export const ZEstimateAccepted = defineEvent(
  'EstimateAccepted',
  z.object({
    ...id,
    acceptedBy: eId,
    signerName: eText,
    acceptedAt: eInstant,
    ip: eText,
    userAgent: eText,
    quoteSha256: z.string().regex(/^[0-9a-f]{64}$/),
    /** The drawn signature, a PNG stored by its own hash under the documents folder. */
    signatureFile: eText,
    /** The project the accepted work goes to (made by the same change when the estimate had none). */
    projectId: eId,
  }),
);

export const ZEstimateDeclined = defineEvent(
  'EstimateDeclined',
  z.object({ ...id, declinedBy: eId, reason: eText, declinedAt: eInstant }),
);

export const estimateEventSchemas = [
  ZEstimateCreated,
  ZEstimateChanged,
  ZEstimateDeleted,
  ZEstimateProjectLinked,
  ZEstimateSent,
  ZEstimateAccepted,
  ZEstimateDeclined,
] as const;

export type TEstimateEvent = z.infer<(typeof estimateEventSchemas)[number]>;
