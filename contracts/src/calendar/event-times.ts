/**
 * Calendar events derived from appointments and project dates by the rules of spec section 9
 * ("Event times"), shared by the API (feed, sync, month view) and the UI (forms, cards).
 * Pure: no clock, no I/O. `start`/`end` are UTC ISO instants; `date`/`time` are the local start
 * in the business time zone.
 */
import { z } from 'zod';
import { BUSINESS_TIME_ZONE, localToUtc, parseLocalTime, utcToLocal } from './time-zone.ts';

export const APPOINTMENT_DEFAULT_MINUTES = 60;
export const MIN_EVENT_MINUTES = 30;
export const PROJECT_START_DEFAULT = { startTime: '09:00', endTime: '17:00', minutes: 8 * 60 } as const;
export const PROJECT_END_DEFAULT = { startTime: '15:00', endTime: '17:00', minutes: 2 * 60 } as const;
export const PROJECT_END_ID_OFFSET = 10_000;
/** Schedule New Job form defaults. */
export const CREATE_EVENT_DEFAULTS = {
  startTime: '09:00',
  endTime: '10:00',
  jobType: 'appointment',
} as const;
/** An appointment without a start time is placed at the form's default start (our choice; the spec is silent). */
const APPOINTMENT_FALLBACK_START = CREATE_EVENT_DEFAULTS.startTime;

const MINUTE = 60_000;

export const CALENDAR_EVENT_TYPES = ['appointment', 'project_start', 'project_end'] as const;
export const ZCalendarEvent = z.object({
  id: z.number().int(),
  type: z.enum(CALENDAR_EVENT_TYPES),
  title: z.string(),
  /** UTC ISO instants. */
  start: z.string(),
  end: z.string(),
  /** Local start in the business time zone: YYYY-MM-DD and HH:mm. */
  date: z.string(),
  time: z.string(),
  projectId: z.number().int().optional(),
  clientId: z.number().int().optional(),
  clientName: z.string().optional(),
  phone: z.string().nullable().optional(),
  email: z.string().nullable().optional(),
  location: z.string().nullable().optional(),
  status: z.string().optional(),
  projectType: z.string().optional(),
  description: z.string().optional(),
  /** An appointment's version, which Edit Event sends back as If-Match (see api/versions.ts). */
  version: z.number().int().min(0).optional(),
});
export type TCalendarEvent = z.infer<typeof ZCalendarEvent>;

/** End of an event: never less than MIN_EVENT_MINUTES after its start (shorter or backwards ends are stretched). */
export function clampEnd(start: Date, end: Date): Date {
  const min = start.getTime() + MIN_EVENT_MINUTES * MINUTE;
  return new Date(Math.max(end.getTime(), min));
}

function timed(start: Date, end: Date, timeZone: string) {
  const local = utcToLocal(start, timeZone);
  return {
    start: start.toISOString(),
    end: clampEnd(start, end).toISOString(),
    date: local.date,
    time: local.time,
  };
}

export type AppointmentInput = {
  id: number;
  clientId: number;
  title: string;
  description?: string;
  /** YYYY-MM-DD, local. */
  scheduledDate: string;
  /** HH:mm, local. */
  startTime: string | null;
  endTime?: string | null;
  /** Minutes; 0, null or absent means none. */
  duration?: number | null;
  status?: string;
  location?: string | null;
  client?: { name?: string; phone?: string | null; email?: string | null };
  version?: number;
};

/**
 * An appointment's event. End: the end time when given (on the same local day), else the
 * duration, else 60 minutes; then at least 30 minutes.
 */
export function appointmentEvent(a: AppointmentInput, timeZone: string = BUSINESS_TIME_ZONE): TCalendarEvent {
  const start = localToUtc(a.scheduledDate, a.startTime || APPOINTMENT_FALLBACK_START, timeZone);
  let end: Date;
  if (a.endTime && parseLocalTime(a.endTime) !== null) {
    end = localToUtc(a.scheduledDate, a.endTime, timeZone);
  } else {
    const minutes = a.duration && a.duration > 0 ? a.duration : APPOINTMENT_DEFAULT_MINUTES;
    end = new Date(start.getTime() + minutes * MINUTE);
  }
  return {
    id: a.id,
    type: 'appointment',
    title: a.title,
    ...timed(start, end, timeZone),
    clientId: a.clientId,
    ...(a.client?.name !== undefined && { clientName: a.client.name }),
    ...(a.client?.phone !== undefined && { phone: a.client.phone }),
    ...(a.client?.email !== undefined && { email: a.client.email }),
    location: a.location ?? null,
    ...(a.status !== undefined && { status: a.status }),
    ...(a.description !== undefined && { description: a.description }),
    ...(a.version !== undefined && { version: a.version }),
  };
}

export type ProjectInput = {
  id: number;
  clientId: number;
  clientName?: string;
  title: string;
  description?: string;
  type?: string;
  status?: string;
  /** YYYY-MM-DD (a day, i.e. midnight) or YYYY-MM-DDTHH:mm local. */
  jobStartDate: string | null;
  jobEndDate: string | null;
};

/** Splits `YYYY-MM-DD` or `YYYY-MM-DDTHH:mm[:ss]` into a local date and a time; a bare day is midnight. */
function splitLocal(value: string): { date: string; time: string } {
  const [date = '', time] = value.split('T');
  return { date, time: time ? time.slice(0, 5) : '00:00' };
}

function projectEvent(
  p: ProjectInput,
  type: 'project_start' | 'project_end',
  value: string,
  timeZone: string,
): TCalendarEvent {
  const rule = type === 'project_start' ? PROJECT_START_DEFAULT : PROJECT_END_DEFAULT;
  const local = splitLocal(value);
  let start: Date;
  let end: Date;
  if (local.time === '00:00') {
    start = localToUtc(local.date, rule.startTime, timeZone);
    end = localToUtc(local.date, rule.endTime, timeZone);
  } else {
    start = localToUtc(local.date, local.time, timeZone);
    end = new Date(start.getTime() + rule.minutes * MINUTE);
  }
  return {
    id: type === 'project_start' ? p.id : p.id + PROJECT_END_ID_OFFSET,
    type,
    title: `${type === 'project_start' ? 'Project Start' : 'Project End'}: ${p.title}`,
    ...timed(start, end, timeZone),
    projectId: p.id,
    clientId: p.clientId,
    ...(p.clientName !== undefined && { clientName: p.clientName }),
    ...(p.status !== undefined && { status: p.status }),
    ...(p.type !== undefined && { projectType: p.type }),
    ...(p.description !== undefined && { description: p.description }),
  };
}

/**
 * A project's start and end events (either absent when its date is unset). A date at midnight
 * gets the default hours (start 09:00-17:00, end 15:00-17:00); another time lasts 8 h (start) or
 * 2 h (end). The end event's id is the project id + 10000.
 */
export function projectEvents(p: ProjectInput, timeZone: string = BUSINESS_TIME_ZONE): TCalendarEvent[] {
  const events: TCalendarEvent[] = [];
  if (p.jobStartDate) events.push(projectEvent(p, 'project_start', p.jobStartDate, timeZone));
  if (p.jobEndDate) events.push(projectEvent(p, 'project_end', p.jobEndDate, timeZone));
  return events;
}
