import { z } from 'zod';
import { ZCalendarEvent } from '../calendar/event-times.ts';
import { ZCalendarDay, ZIdParam, ZText } from './primitives.ts';

/**
 * The calendar API (spec part 2, sections 2.5, 3 "Calendar event" and "Calendar connection", 5, 7, 9 "Sync"):
 * the month view's events, the private ICS feed, the Google Calendar connection and its sync settings.
 */

/** The longest range one events request may ask for (a year and a day: a year's feed or a year view). */
export const CALENDAR_RANGE_MAX_DAYS = 366;
export const CALENDAR_RANGE_BACKWARDS = "The range's end must not be before its start";
export const CALENDAR_RANGE_TOO_LONG = `Ask for at most ${CALENDAR_RANGE_MAX_DAYS} days at a time`;

/**
 * GET /api/calendar/events?from=&to= (both local days in the business time zone, both included): the
 * appointments and project start/end events that start in the range, in start order. Staff get every client's;
 * a client gets their own.
 */
export const ZCalendarRangeQuery = z
  .object({ from: ZCalendarDay(), to: ZCalendarDay() })
  .refine((q) => q.from <= q.to, { message: CALENDAR_RANGE_BACKWARDS, path: ['to'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) < CALENDAR_RANGE_MAX_DAYS * 86_400_000, {
    message: CALENDAR_RANGE_TOO_LONG,
    path: ['to'],
  });
export type TCalendarRangeQuery = z.infer<typeof ZCalendarRangeQuery>;
export const ZCalendarEvents = z.array(ZCalendarEvent);

/**
 * "Add to calendar" (GET /api/calendar/ics?type=&id=): one event as an .ics file. Appointment and project ids
 * come from different sequences, so the type says which; a project's end event is asked for by its own id
 * (project id + 10000), as the event carries it.
 */
export const ZCalendarIcsQuery = z.object({
  type: z.enum(['appointment', 'project_start', 'project_end'], { error: 'type must be an event type' }),
  id: ZIdParam,
});

/** GET /api/calendar/feed: the signed-in person's private subscription address (made on first ask). */
export const ZCalendarFeed = z.object({ url: z.string() });
/** The answer to a feed address that was revoked or never existed (GET /api/calendar/feed/{token}.ics). */
export const CALENDAR_FEED_UNKNOWN = 'This calendar address is not valid (it may have been replaced)';

/** Section 9 "Sync": the choices and their defaults. */
export const CALENDAR_PROVIDERS = ['google', 'outlook', 'teams'] as const;
export const SYNC_DIRECTIONS = ['both', 'import', 'export'] as const;
export const SYNC_FREQUENCIES = [15, 30, 60, 240] as const;
export const CONFLICT_RESOLUTIONS = ['manual', 'latest', 'external', 'internal'] as const;
export const DEFAULT_SYNC_DIRECTION = { google: 'both', outlook: 'both', teams: 'import' } as const;

export const ZCalendarConnectionSettings = z.object({
  type: z.enum(CALENDAR_PROVIDERS),
  enabled: z.boolean(),
  syncDirection: z.enum(SYNC_DIRECTIONS),
  /** A calendar id of the provider; blank means the primary calendar. */
  defaultCalendar: ZText(200),
});

/** GET and PUT /api/calendar/settings: the signed-in admin's calendar sync settings, kept on the server. */
export const ZCalendarSettings = z.object({
  connections: z.array(ZCalendarConnectionSettings).max(CALENDAR_PROVIDERS.length),
  autoSyncFrequency: z.union([z.literal(15), z.literal(30), z.literal(60), z.literal(240)], {
    error: `Auto-sync frequency must be one of ${SYNC_FREQUENCIES.join(', ')} minutes`,
  }),
  conflictResolution: z.enum(CONFLICT_RESOLUTIONS),
  notifications: z.boolean(),
});
export type TCalendarSettings = z.infer<typeof ZCalendarSettings>;

export const DEFAULT_CALENDAR_SETTINGS: TCalendarSettings = {
  connections: CALENDAR_PROVIDERS.map((type) => ({
    type,
    enabled: false,
    syncDirection: DEFAULT_SYNC_DIRECTION[type],
    defaultCalendar: '',
  })),
  autoSyncFrequency: 60,
  conflictResolution: 'latest',
  notifications: true,
};

/** GET /api/calendar/status: whether the signed-in admin's Google Calendar is connected, and as whom. */
export const ZCalendarStatus = z.object({
  connected: z.boolean(),
  /** Whether the server has Google OAuth credentials at all (without them, connecting cannot start). */
  configured: z.boolean(),
  email: z.string().nullable(),
  lastSyncAt: z.string().nullable(),
  lastError: z.string().nullable(),
  /** Changes made in Google to our events that wait for a person (conflict resolution 'manual'). */
  conflicts: z.array(
    z.object({
      key: z.string(),
      googleTitle: z.string(),
      googleStart: z.string().nullable(),
      foundAt: z.string(),
    }),
  ),
});
export type TCalendarStatus = z.infer<typeof ZCalendarStatus>;

/**
 * GET /api/calendar/imported?from=&to=: events the signed-in admin made in their Google Calendar (not ours),
 * brought in by two-way or import sync as read-only busy times; same range rules as the events query.
 */
export const ZImportedCalendarEvent = z.object({
  /** Google's event id. */
  id: z.string(),
  title: z.string(),
  /** UTC ISO instants. */
  start: z.string(),
  end: z.string(),
  /** Local start in the business time zone. */
  date: z.string(),
  time: z.string(),
  allDay: z.boolean(),
});
export const ZImportedCalendarEvents = z.array(ZImportedCalendarEvent);
export type TImportedCalendarEvent = z.infer<typeof ZImportedCalendarEvent>;

export const CALENDAR_NOT_CONNECTED = 'Google Calendar is not connected';
export const CALENDAR_NOT_CONFIGURED =
  'Google Calendar is not set up on this server (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are missing)';

/** POST /api/calendar/add-event (spec section 7): one event onto the admin's Google Calendar. */
export const ZAddCalendarEventBody = z
  .object({
    title: ZText(200).min(1, 'Please enter an event title'),
    description: ZText(5000).optional(),
    /** ISO instants (or local date-times, read in the business time zone). */
    startDate: z.string().min(1, 'startDate is required'),
    endDate: z.string().min(1, 'endDate is required'),
    location: ZText(500).optional(),
  })
  .refine((b) => !Number.isNaN(Date.parse(b.startDate)), {
    message: 'startDate must be a date',
    path: ['startDate'],
  })
  .refine((b) => !Number.isNaN(Date.parse(b.endDate)), {
    message: 'endDate must be a date',
    path: ['endDate'],
  })
  .refine((b) => Date.parse(b.endDate) > Date.parse(b.startDate), {
    message: 'End time must be after start time',
    path: ['endDate'],
  });
