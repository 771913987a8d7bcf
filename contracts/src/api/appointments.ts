import { z } from 'zod';
import { MIN_EVENT_MINUTES } from '../calendar/event-times.ts';
import { ZAppointment } from './portal.ts';
import { ZCalendarDay, ZId, ZIdParam, ZText } from './primitives.ts';
import { ZVersion } from './versions.ts';

/**
 * Appointments (spec part 2, sections 3 "Appointment", 4, 5 "Create event", 7): the texts the API answers
 * with. The spec gives the title and client messages; the others are ours.
 */
export const APPOINTMENT_TITLE_REQUIRED = 'Please enter an event title';
export const APPOINTMENT_CLIENT_REQUIRED = 'Please select a client';
export const APPOINTMENT_END_BEFORE_START = 'End time must be after start time';
/** Section 5 "Create event": the duration is end minus start in minutes, at least 30. */
export const APPOINTMENT_TOO_SHORT = `An event must last at least ${MIN_EVENT_MINUTES} minutes`;
export const APPOINTMENT_PROJECT_OTHER_CLIENT = 'This project belongs to another client';
export const APPOINTMENT_NOT_FOUND = 'Appointment not found';
export const APPOINTMENT_CANCELLED = 'This appointment is cancelled and can no longer be changed';
export const APPOINTMENT_EXISTS = 'This appointment already exists';
export const APPOINTMENT_TIME_MISSING = 'This time does not exist in Anchorage (the clocks skip it)';

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const ZLocalTime = (what: string) =>
  z.string({ error: `${what} must be a time (HH:mm)` }).regex(HHMM, `${what} must be a time (HH:mm)`);
/** Minutes; the end is the start plus these when no end time is given. */
const ZDuration = z
  .number()
  .int('Duration must be whole minutes')
  .min(MIN_EVENT_MINUTES, APPOINTMENT_TOO_SHORT)
  .max(24 * 60 * 14, 'Duration is too long');
const ZTitle = ZText(200, { error: APPOINTMENT_TITLE_REQUIRED }).min(1, APPOINTMENT_TITLE_REQUIRED);

/**
 * POST /api/appointments (spec section 7). Date and times are local (America/Anchorage); the server turns
 * them into UTC instants. Without `endTime`, `duration` minutes after the start; without either, no end.
 */
export const ZCreateAppointmentBody = z.object({
  title: ZTitle,
  description: ZText(5000).optional(),
  clientId: ZId(APPOINTMENT_CLIENT_REQUIRED),
  projectId: ZId('must be a project id').nullish(),
  scheduledDate: ZCalendarDay(),
  startTime: ZLocalTime('Start time'),
  endTime: ZLocalTime('End time').nullish(),
  duration: ZDuration.nullish(),
  type: ZText(50).optional(),
  location: ZText(500).optional(),
});
export type TCreateAppointmentBody = z.infer<typeof ZCreateAppointmentBody>;

export const APPOINTMENT_EDIT_STATUSES = ['scheduled', 'confirmed', 'completed', 'cancelled'] as const;

/** PATCH /api/appointments/{id}: only what is named changes; `status: cancelled` cancels. */
export const ZChangeAppointmentBody = z.object({
  title: ZTitle.optional(),
  description: ZText(5000).optional(),
  projectId: ZId('must be a project id').nullish(),
  scheduledDate: ZCalendarDay().optional(),
  startTime: ZLocalTime('Start time').optional(),
  endTime: ZLocalTime('End time').nullish(),
  duration: ZDuration.nullish(),
  status: z.enum(APPOINTMENT_EDIT_STATUSES).optional(),
  type: ZText(50).optional(),
  location: ZText(500).optional(),
});
export type TChangeAppointmentBody = z.infer<typeof ZChangeAppointmentBody>;

export const ZAppointmentIdParams = z.object({ id: ZIdParam });

/** An appointment as staff see it: the portal's fields, its project, instants, and the client's contact. */
export const ZAdminAppointment = ZAppointment.extend({
  projectId: z.number().int().nullable(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  client: z.object({ name: z.string(), email: z.string(), phone: z.string().nullable() }).nullable(),
  /** What Edit Event sends back as If-Match (see ./versions.ts). */
  version: ZVersion,
});
export type TAdminAppointment = z.infer<typeof ZAdminAppointment>;
