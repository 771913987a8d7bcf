import { z } from 'zod';
import { BUSINESS_TIME_ZONE } from '../calendar/time-zone.ts';
import { ZListQuery, ZPage } from './paging.ts';
import { ZCalendarDay, ZIdParam, ZText } from './primitives.ts';

/** Options of the consultation form (spec part 1, section 9). */
export const PREFERRED_TIMES = ['morning', 'afternoon', 'evening'] as const;
export const CONSULTATION_SERVICE_TYPES = [
  'security_cameras',
  'starlink',
  'website_development',
  'multiple',
  'other',
] as const;
export const CONSULTATION_PROPERTY_TYPES = [
  'residential',
  'commercial',
  'warehouse',
  'office',
  'other',
] as const;
/** How the form and the manager name the options. */
export const SERVICE_TYPE_LABELS: Record<(typeof CONSULTATION_SERVICE_TYPES)[number], string> = {
  security_cameras: 'Security Cameras',
  starlink: 'Starlink Installation',
  website_development: 'Website Development',
  multiple: 'Multiple Services',
  other: 'Other',
};
export const PREFERRED_TIME_LABELS: Record<(typeof PREFERRED_TIMES)[number], string> = {
  morning: 'Morning (8AM-12PM)',
  afternoon: 'Afternoon (12PM-5PM)',
  evening: 'Evening (5PM-8PM)',
};
export const PROPERTY_TYPE_LABELS: Record<(typeof CONSULTATION_PROPERTY_TYPES)[number], string> = {
  residential: 'Residential',
  commercial: 'Commercial',
  warehouse: 'Warehouse',
  office: 'Office',
  other: 'Other',
};

export const CONSULTATION_STATUSES = ['pending', 'contacted', 'scheduled', 'completed', 'cancelled'] as const;
export const ZConsultationStatus = z.enum(CONSULTATION_STATUSES);

/** The business is in Alaska: "today" for the preferred date is today there. */
export { BUSINESS_TIME_ZONE };

/** Today's date (YYYY-MM-DD) where the business is; the form and the server both check against it. */
export function businessToday(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE, dateStyle: 'short' }).format(now);
}
export const MISSING_FIELDS = 'Please fill in all required fields.';
export const DATE_IN_PAST = 'Preferred date cannot be in the past.';

const required = (max: number) => ZText(max, { error: MISSING_FIELDS }).min(1, MISSING_FIELDS);
const optionalText = (max: number) =>
  ZText(max)
    .optional()
    .transform((v) => (v ? v : null));
const optionalChoice = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.enum(values), z.literal('')])
    .optional()
    .transform((v) => (v ? v : null));

export const ZConsultationRequestBody = z.object({
  name: required(200),
  email: z
    .string({ error: MISSING_FIELDS })
    .trim()
    .min(1, MISSING_FIELDS)
    .pipe(z.email({ error: 'Please enter a valid email address.' }))
    .transform((v) => v.toLowerCase()),
  phone: optionalText(40),
  preferredDate: z
    .string({ error: MISSING_FIELDS })
    .min(1, MISSING_FIELDS)
    .pipe(ZCalendarDay('Preferred date must be a date (YYYY-MM-DD).')),
  serviceType: z.enum(CONSULTATION_SERVICE_TYPES, { error: MISSING_FIELDS }),
  description: optionalText(5000),
  preferredTime: optionalChoice(PREFERRED_TIMES),
  propertyType: optionalChoice(CONSULTATION_PROPERTY_TYPES),
  /** Hidden from people; a bot that fills it in is turned away quietly. */
  website: ZText(500).optional(),
});
export type TConsultationRequestBody = z.infer<typeof ZConsultationRequestBody>;

export const ZConsultationRequested = z.object({ success: z.literal(true), message: z.string() });

export const ZConsultation = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  preferredDate: z.string(),
  preferredTime: z.string().nullable(),
  serviceType: z.string(),
  propertyType: z.string().nullable(),
  description: z.string().nullable(),
  status: ZConsultationStatus,
  notes: z.string(),
  archived: z.boolean(),
  contactedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TConsultation = z.infer<typeof ZConsultation>;

export const ZConsultationPatchBody = z
  .object({
    status: ZConsultationStatus.optional(),
    notes: ZText(10_000, { trim: false }).optional(),
    contactedAt: z.iso.datetime({ offset: true }).nullable().optional(),
    archived: z.boolean().optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'Nothing to change.');
export type TConsultationPatchBody = z.infer<typeof ZConsultationPatchBody>;

export const ZConsultationIdParams = z.object({ id: ZIdParam });

/** Active Requests are the ones not archived; Previous Requests the archived ones. */
export const CONSULTATION_SETS = ['active', 'previous'] as const;
export type TConsultationSet = (typeof CONSULTATION_SETS)[number];
const ZConsultationSet = z.enum(CONSULTATION_SETS, {
  error: `set must be one of ${CONSULTATION_SETS.join(', ')}`,
});

/**
 * `GET /api/consultations` paged (see ./paging.ts): every word of `q` in the name, e-mail, phone or description;
 * the set (Active or Previous Requests) and the status as filters; newest first.
 */
export const ZConsultationsQuery = ZListQuery({
  set: ZConsultationSet.optional(),
  status: z
    .enum(CONSULTATION_STATUSES, { error: `status must be one of ${CONSULTATION_STATUSES.join(', ')}` })
    .optional(),
});
export type TConsultationsQuery = z.infer<typeof ZConsultationsQuery>;
export const ZConsultationsPage = ZPage(ZConsultation);
export type TConsultationsPage = z.infer<typeof ZConsultationsPage>;

/** `GET /api/consultations/counts?set=`: the summary tiles of a set, from the kept counters. */
export const ZConsultationCountsQuery = z.strictObject({ set: ZConsultationSet.default('active') });
export const ZConsultationCounts = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  contacted: z.number().int(),
  scheduled: z.number().int(),
  completed: z.number().int(),
  cancelled: z.number().int(),
});
export type TConsultationCounts = z.infer<typeof ZConsultationCounts>;
