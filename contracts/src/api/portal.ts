import { z } from 'zod';
import { fromNotAfterTo, ZDayRange, ZListQuery, ZPage } from './paging.ts';
import { ZCalendarDay, ZIdParam, ZText } from './primitives.ts';

/**
 * What a client's portal lists beside projects. Messaging, calendar and invoices fill these in their own
 * slices; until then the reads answer from real, empty read models with the same guards.
 */
export const ZClientMessage = z.object({
  id: z.number().int(),
  content: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type TClientMessage = z.infer<typeof ZClientMessage>;

export const APPOINTMENT_STATUSES = ['scheduled', 'confirmed', 'completed', 'cancelled'] as const;
export const ZAppointment = z.object({
  id: z.number().int(),
  clientId: z.number().int(),
  title: z.string(),
  description: z.string(),
  /** YYYY-MM-DD */
  scheduledDate: z.string(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  duration: z.number().int(),
  status: z.string(),
  type: z.string(),
  location: z.string().nullable(),
});
export type TAppointment = z.infer<typeof ZAppointment>;

/**
 * GET /api/appointments/client (the signed-in client) and /api/appointments/client/{clientId} (staff): with no
 * parameter the client's whole array; with any, a page (./paging.ts) in the order they happen, `from` and `to`
 * calendar days (inclusive) of the day each is scheduled, `q` words of the title, description or location.
 */
export const ZClientAppointmentsQuery = ZListQuery(ZDayRange).refine(...fromNotAfterTo);
export type TClientAppointmentsQuery = z.infer<typeof ZClientAppointmentsQuery>;
export const ZAppointmentsPage = ZPage(ZAppointment);

/** GET /api/dashboard/stats: an admin gets the business's figures, a client their own. */
export const ZDashboardStats = z.object({
  totalClients: z.number().int(),
  totalProjects: z.number().int(),
  activeProjects: z.number().int(),
  pendingDocuments: z.number().int(),
  pendingPayments: z.number().int(),
  /** Sum of completed payments, USD. */
  totalRevenue: z.number(),
  /** totalRevenue divided by the number of projects with a completed payment (0 when none). */
  averageProjectValue: z.number(),
});
export type TDashboardStats = z.infer<typeof ZDashboardStats>;

/** The admin dashboard's daily notes and tasks: per user and day, kept on the server. */
export const ZDailyNote = z.object({
  id: z.number().int(),
  day: z.string(),
  text: z.string(),
  completed: z.boolean(),
  createdAt: z.string(),
});
export type TDailyNote = z.infer<typeof ZDailyNote>;
const dayField = ZCalendarDay('Day must be YYYY-MM-DD');
export const ZDailyNotesQuery = z.object({ day: dayField });
export const ZAddDailyNoteBody = z.object({
  day: dayField,
  text: ZText(1000, { error: 'Please enter a note' }).min(1, 'Please enter a note'),
});
export const ZUpdateDailyNoteBody = z
  .object({ text: ZAddDailyNoteBody.shape.text.optional(), completed: z.boolean().optional() })
  .refine((b) => b.text !== undefined || b.completed !== undefined, 'Nothing to change.');
export const ZDailyNoteIdParams = z.object({ id: ZIdParam });
