import { z } from 'zod';
import { ZCalendarEvent } from '../calendar/event-times.ts';
import { ZListQuery, ZPage } from './paging.ts';
import { ZCalendarDay, ZId, ZIdParam, ZText } from './primitives.ts';
import { ZVersion } from './versions.ts';

export const PROJECT_STATUSES = ['pending', 'approved', 'in_progress', 'completed', 'cancelled'] as const;
export const ZProjectStatus = z.enum(PROJECT_STATUSES);
export type TProjectStatus = z.infer<typeof ZProjectStatus>;

/**
 * Job types. The spec has two spellings (security/website in the portal, security_cameras/
 * website_development elsewhere): we emit the long ones and accept both on input.
 */
export const PROJECT_TYPES = [
  'security_cameras',
  'starlink',
  'website_development',
  'consultation',
  'maintenance',
  'appointment',
  'invoice',
] as const;
const TYPE_ALIASES: Record<string, (typeof PROJECT_TYPES)[number]> = {
  security: 'security_cameras',
  website: 'website_development',
};
export const ZProjectType = z.preprocess(
  (v) => (typeof v === 'string' ? (TYPE_ALIASES[v] ?? v) : v),
  z.enum(PROJECT_TYPES, { error: 'Please choose a project type' }),
);
export type TProjectType = (typeof PROJECT_TYPES)[number];

export const PROJECT_TYPE_LABELS: Record<TProjectType, string> = {
  security_cameras: 'Security Cameras',
  starlink: 'Starlink',
  website_development: 'Website',
  consultation: 'Consultation',
  maintenance: 'Maintenance',
  appointment: 'Appointment',
  invoice: 'Invoice',
};
export const PROJECT_STATUS_LABELS: Record<TProjectStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  in_progress: 'In Progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** A stored photo: the full picture (JPEG) and its thumbnail, both served with long cache headers. */
export const ZPhoto = z.object({
  url: z.string(),
  thumbnailUrl: z.string(),
  name: z.string(),
  uploadedAt: z.string(),
});
export type TPhoto = z.infer<typeof ZPhoto>;

export const ZProject = z.object({
  id: z.number().int(),
  clientId: z.number().int(),
  clientName: z.string(),
  title: z.string(),
  description: z.string(),
  type: z.enum(PROJECT_TYPES),
  status: ZProjectStatus,
  totalAmount: z.number().nullable(),
  estimatedCost: z.number().nullable(),
  timeline: z.string().nullable(),
  /** Calendar days, YYYY-MM-DD. */
  jobStartDate: z.string().nullable(),
  jobEndDate: z.string().nullable(),
  progress: z.number().int().min(0).max(100),
  notes: z.string(),
  photos: z.array(ZPhoto),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** What an edit sends back as If-Match (see ./versions.ts). */
  version: ZVersion,
});
export type TProject = z.infer<typeof ZProject>;

/**
 * A project as a list shows it (Project Tracking, the portal, pickers): what the card shows, the description
 * cut to what two lines hold, and its cover thumbnail alone rather than every photo's signed address.
 */
export const ZProjectListItem = ZProject.omit({ notes: true, photos: true }).extend({
  photoCount: z.number().int(),
  /** The first photo's thumbnail (a signed, expiring address), or null without photos. */
  coverThumbnailUrl: z.string().nullable(),
});
export type TProjectListItem = z.infer<typeof ZProjectListItem>;
export const LIST_DESCRIPTION_CHARS = 300;

/** `GET /api/projects` paged (see ./paging.ts): search over title, description and client name, and filters. */
export const ZProjectsQuery = ZListQuery({
  status: ZProjectStatus.optional(),
  type: ZProjectType.optional(),
  /** Every type but this one (a job picker leaves out the billing-only projects of type `invoice`). */
  exceptType: ZProjectType.optional(),
  clientId: ZIdParam.optional(),
});
export type TProjectsQuery = z.infer<typeof ZProjectsQuery>;
export const ZProjectsPage = ZPage(ZProjectListItem);
export type TProjectsPage = z.infer<typeof ZProjectsPage>;

/** The tracking summary's counts, from kept counters: the pending bucket holds pending and approved jobs. */
export const ZProjectCounts = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  in_progress: z.number().int(),
  completed: z.number().int(),
  cancelled: z.number().int(),
});
export type TProjectCounts = z.infer<typeof ZProjectCounts>;

const day = ZCalendarDay('Dates must be YYYY-MM-DD')
  .nullish()
  .or(z.literal('').transform(() => null));
const money = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .min(0, `${label} cannot be negative`)
    .max(10_000_000)
    .nullish();

const editable = {
  title: ZText(200, { error: 'Title is required' }).min(1, 'Title is required'),
  description: ZText(5000),
  type: ZProjectType,
  status: ZProjectStatus,
  totalAmount: money('Total amount'),
  estimatedCost: money('Estimated cost'),
  timeline: ZText(200).nullish(),
  jobStartDate: day,
  jobEndDate: day,
  progress: z.coerce.number().int().min(0, 'Progress is 0 to 100').max(100, 'Progress is 0 to 100'),
  notes: ZText(20_000, { trim: false }),
  /** The photo addresses to keep (a removed photo is left out); new photos arrive by upload only. */
  photos: z.array(ZText(500, { trim: false })).max(500),
};

const endNotBeforeStart = (b: { jobStartDate?: string | null; jobEndDate?: string | null }) =>
  !b.jobStartDate || !b.jobEndDate || b.jobStartDate <= b.jobEndDate;
const DATES_ORDER = { message: 'Start date must be before end date', path: ['jobEndDate'] };

export const ZCreateProjectBody = z
  .object({
    clientId: ZId('Please select a client'),
    title: editable.title,
    type: editable.type,
    description: editable.description.default(''),
    status: editable.status.default('pending'),
    totalAmount: editable.totalAmount,
    estimatedCost: editable.estimatedCost,
    timeline: editable.timeline,
    jobStartDate: editable.jobStartDate,
    jobEndDate: editable.jobEndDate,
    progress: editable.progress.default(0),
    notes: editable.notes.default(''),
  })
  .refine(endNotBeforeStart, DATES_ORDER);
export type TCreateProjectBody = z.input<typeof ZCreateProjectBody>;

/** PATCH: any of the fields; PUT sends the dialog's whole form, the same fields. */
export const ZProjectPatchBody = z
  .object(editable)
  .partial()
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'Nothing to change.')
  .refine(endNotBeforeStart, DATES_ORDER);
export type TProjectPatchBody = z.input<typeof ZProjectPatchBody>;

export const ZProjectIdParams = z.object({ id: ZIdParam });

/** POST /api/projects/{id}/sync-calendar: the project's calendar events, queued for every connected calendar. */
export const ZSyncCalendarResponse = z.object({ success: z.boolean(), events: z.array(ZCalendarEvent) });

/** Project photos (spec part 2, section 5): the accepted types are IMAGE_EXTENSIONS of ./files.ts. */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** How many photos one upload request may carry (the dialog's picker allows several). */
export const PHOTO_MAX_FILES = 20;
/** The stored picture and its thumbnail are JPEGs at most this many pixels on their longest side. */
export const PHOTO_MAX_SIDE = 2048;
export const PHOTO_THUMBNAIL_SIDE = 400;
/** 0..1, as LOGO_JPEG_QUALITY. */
export const PHOTO_JPEG_QUALITY = 0.85;
export const PHOTO_THUMBNAIL_QUALITY = 0.8;
export const photoTooLargeMessage = (fileName: string) =>
  `File too large: ${fileName} is over 10MB. Please use images under 10MB.`;
export const photoInvalidTypeMessage = (fileName: string) =>
  `Invalid file type: ${fileName} is not a supported image format. Please use JPG, PNG, HEIC, or other common image formats.`;
/** The spec's toast for a picture that cannot be read, used as the server's answer too. */
export const photoUnreadableMessage = (fileName: string) =>
  `Failed to process ${fileName}. Please try again.`;
