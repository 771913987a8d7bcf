import { appointmentEvent, type TCalendarEvent } from '@app/contracts/calendar/event-times';
import { BUSINESS_TIME_ZONE, utcToLocal } from '@app/contracts/calendar/time-zone';
import type { TAppointmentEvent } from '@app/contracts/events/appointments';
import type { StoredEvent } from '@app/contracts/events/envelope';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import type { OutgoingMail } from '../mail/mailer.ts';
import { defineJob, type JobContext } from './define.ts';

/** How long before an appointment its client is reminded. */
export const REMINDER_LEAD_MS = 24 * 60 * 60 * 1000;

export interface AppointmentReminderDeps {
  db: Kysely<unknown>;
  publicUrl: string;
  readStream(stream: string): Promise<StoredEvent[]>;
  /** One event as iCalendar text, as the client's feed has it (backend/src/calendar/ics.ts), for the attachment. */
  eventIcs(event: TCalendarEvent): string;
  /** The clock (tests may set it); default the real one. */
  now?(): Date;
}

/** The appointment as its stream has it now, and which event set its current start. */
export interface AppointmentNow {
  appointmentId: number;
  clientId: number;
  title: string;
  description: string;
  location: string;
  startsAt: string;
  endsAt: string | null;
  status: string;
  cancelled: boolean;
  /** The event that set the current start: scheduling it, or the last change that moved it. */
  startSetBy: string;
}

const sameInstant = (a: string, b: string) => Date.parse(a) === Date.parse(b);

/** One step of the fold below. */
function evolve(state: AppointmentNow | null, stored: StoredEvent): AppointmentNow | null {
  const e = stored as unknown as TAppointmentEvent;
  switch (e.type) {
    case 'AppointmentScheduled':
      return {
        appointmentId: e.data.appointmentId,
        clientId: e.data.clientId,
        title: e.data.title,
        description: e.data.description,
        location: e.data.location,
        startsAt: e.data.startsAt,
        endsAt: e.data.endsAt,
        status: e.data.status,
        cancelled: false,
        startSetBy: stored.id,
      };
    case 'AppointmentChanged': {
      if (!state) return state;
      const moved = !sameInstant(e.data.startsAt, state.startsAt);
      return {
        ...state,
        title: e.data.title,
        description: e.data.description,
        location: e.data.location,
        endsAt: e.data.endsAt,
        status: e.data.status,
        startsAt: moved ? e.data.startsAt : state.startsAt,
        startSetBy: moved ? stored.id : state.startSetBy,
      };
    }
    case 'AppointmentCancelled':
      return state && { ...state, cancelled: true };
    default:
      return state;
  }
}

/** Folds an appointment's stream (`appointment-<id>`); null for an empty one. */
export function appointmentNow(events: readonly StoredEvent[]): AppointmentNow | null {
  return events.reduce<AppointmentNow | null>(evolve, null);
}

export type ReminderDecision = { send: true; appointment: AppointmentNow } | { send: false; reason: string };

/**
 * Whether the reminder a job stands for is still due, judged from the appointment's stream when the job runs.
 * A job is started by the event that set a start (`startedBy`, for `startsAt`): it sends only if the appointment
 * still starts then, and that very event set it (a change that kept the time started a job too, which stands
 * down: one reminder per start). A cancelled, completed, moved or already started appointment sends nothing; a
 * moved one's new time has its own job.
 */
export function reminderDecision(
  events: readonly StoredEvent[],
  job: { startedBy: string; startsAt: string },
  now: Date,
): ReminderDecision {
  const appointment = appointmentNow(events);
  if (!appointment) return { send: false, reason: 'no such appointment' };
  if (appointment.cancelled) return { send: false, reason: 'cancelled' };
  if (!sameInstant(appointment.startsAt, job.startsAt))
    return { send: false, reason: `moved to ${new Date(appointment.startsAt).toISOString()}` };
  if (appointment.startSetBy !== job.startedBy)
    return {
      send: false,
      reason: 'a change that kept the time: the reminder of the event that set it sends',
    };
  if (appointment.status === 'completed') return { send: false, reason: 'completed' };
  if (Date.parse(appointment.startsAt) <= now.getTime()) return { send: false, reason: 'already started' };
  return { send: true, appointment };
}

const longDate = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});
const shortDate = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  weekday: 'short',
  month: 'short',
  day: 'numeric',
});
const clock = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  hour: 'numeric',
  minute: '2-digit',
});
const zoneName = (instant: Date) =>
  new Intl.DateTimeFormat('en-US', { timeZone: BUSINESS_TIME_ZONE, timeZoneName: 'short' })
    .formatToParts(instant)
    .find((p) => p.type === 'timeZoneName')?.value ?? '';

/** "Tuesday, March 10, 2026, 9:00 AM – 10:00 AM AKDT (Alaska time)". */
export function whenText(startsAt: string, endsAt: string): string {
  const start = new Date(startsAt);
  const end = new Date(endsAt);
  const sameDay = utcToLocal(start).date === utcToLocal(end).date;
  const endText = sameDay ? clock.format(end) : `${longDate.format(end)}, ${clock.format(end)}`;
  return `${longDate.format(start)}, ${clock.format(start)} – ${endText} ${zoneName(start)} (Alaska time)`;
}

/** The calendar event of the appointment as the feeds show it (section 9: 60 minutes without an end). */
export function reminderEvent(a: AppointmentNow, clientName: string): TCalendarEvent {
  const local = utcToLocal(a.startsAt);
  const minutes =
    a.endsAt === null ? null : Math.round((Date.parse(a.endsAt) - Date.parse(a.startsAt)) / 60_000);
  return appointmentEvent({
    id: a.appointmentId,
    clientId: a.clientId,
    title: a.title,
    description: a.description,
    scheduledDate: local.date,
    startTime: local.time,
    duration: minutes,
    status: a.status,
    location: a.location,
    client: { name: clientName },
  });
}

/** The reminder: what, when (Anchorage time), where, and the portal; the event as an .ics attachment. */
export function reminderMailFor(
  input: { event: TCalendarEvent; clientName: string; to: string; ics: string },
  publicUrl: string,
): OutgoingMail {
  const { event } = input;
  const portal = new URL('/client', publicUrl).toString();
  const start = new Date(event.start);
  return {
    to: input.to,
    subject: `Reminder: ${event.title} on ${shortDate.format(start)} at ${clock.format(start)}`,
    text: [
      `Hello ${input.clientName},`,
      '',
      'This is a reminder of your upcoming appointment with us:',
      '',
      `  What: ${event.title}`,
      `  When: ${whenText(event.start, event.end)}`,
      ...(event.location?.trim() ? [`  Where: ${event.location.trim()}`] : []),
      ...(event.description?.trim() ? [`  Notes: ${event.description.trim()}`] : []),
      '',
      `See your schedule, or send us a message if the time no longer suits you, in your client portal: ${portal}`,
      '',
      'The attached appointment.ics adds it to your calendar.',
    ].join('\n'),
    attachments: [
      {
        filename: 'appointment.ics',
        content: input.ics,
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      },
    ],
  };
}

/** The ids of both reminder jobs (an appointment's reminders may come from either). */
const REMINDER_JOBS = ['appointment.scheduled.reminder.mail', 'appointment.changed.reminder.mail'] as const;

/** Whether another job already mailed this appointment's reminder for this start (moved away and back). */
async function alreadyReminded(db: Kysely<unknown>, jobId: string, appointmentId: number, startsAt: string) {
  const { rows } = await sql<{ id: string }>`
    SELECT id FROM jobs WHERE name = ANY(${REMINDER_JOBS}::text[]) AND id <> ${jobId}
      AND (payload->>'appointmentId')::int = ${appointmentId} AND payload->>'startsAt' = ${startsAt}
      AND outcome ? 'mail' LIMIT 1`.execute(db);
  return rows.length > 0;
}

const ZPayload = z.object({ appointmentId: z.number().int(), startsAt: z.string() });
type Payload = z.output<typeof ZPayload>;
const payloadOf = (data: { appointmentId: number; startsAt: string }) => ({
  appointmentId: data.appointmentId,
  // One spelling of the instant, so jobs for the same start compare equal as text.
  startsAt: new Date(data.startsAt).toISOString(),
});
const dueAt = (data: { startsAt: string }) => new Date(Date.parse(data.startsAt) - REMINDER_LEAD_MS);

/**
 * Reloads the appointment's stream when due and mails its client once for this start, or answers why not.
 * The stream says whether the reminder still stands (cancelled, moved, ...); the views give the client's
 * account and name.
 */
async function remind(payload: Payload, ctx: JobContext, deps: AppointmentReminderDeps) {
  const events = await deps.readStream(ctx.event.stream);
  const now = deps.now?.() ?? new Date();
  const decision = reminderDecision(events, { startedBy: ctx.event.id, startsAt: payload.startsAt }, now);
  if (!decision.send) return { sent: false, reason: decision.reason };
  const { appointment } = decision;
  const { rows: clients } = await sql<{ name: string; user_id: number | null; email: string | null }>`
    SELECT c.name, c.user_id, u.email FROM rm.clients c LEFT JOIN rm.users u ON u.id = c.user_id
    WHERE c.id = ${appointment.clientId}`.execute(deps.db);
  const client = clients[0];
  if (!client?.user_id || !client.email) return { sent: false, reason: 'the client has no portal account' };
  if (await alreadyReminded(deps.db, ctx.jobId, appointment.appointmentId, payload.startsAt))
    return { sent: false, reason: 'already reminded of this time' };
  const event = reminderEvent(appointment, client.name);
  const mail = reminderMailFor(
    { event, clientName: client.name, to: client.email, ics: deps.eventIcs(event) },
    deps.publicUrl,
  );
  const { messageId } = await ctx.sendMail(mail);
  return { sent: true, messageId, startsAt: payload.startsAt };
}

/** A new appointment's reminder, 24 hours before it starts (at once when that is already past). */
export const appointmentScheduledReminder = defineJob({
  id: REMINDER_JOBS[0],
  version: 1,
  queue: 'mail',
  payload: ZPayload,
  startedBy: 'AppointmentScheduled',
  payloadFor: (data) => payloadOf(data),
  runAt: (data) => dueAt(data),
  waitsFor: ['users', 'clients'],
  handle: (payload, ctx, deps: AppointmentReminderDeps) => remind(payload, ctx, deps),
});

/**
 * A changed appointment's reminder, due 24 hours before its start after the change. Every change starts one;
 * only a change that moved the time sends (see `reminderDecision`), and the job of the time it left stands down.
 */
export const appointmentChangedReminder = defineJob({
  id: REMINDER_JOBS[1],
  version: 1,
  queue: 'mail',
  payload: ZPayload,
  startedBy: 'AppointmentChanged',
  payloadFor: (data) => payloadOf(data),
  runAt: (data) => dueAt(data),
  waitsFor: ['users', 'clients'],
  handle: (payload, ctx, deps: AppointmentReminderDeps) => remind(payload, ctx, deps),
});
