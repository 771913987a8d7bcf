import type { TCalendarEvent } from '@app/contracts/calendar/event-times';
import { addDays, BUSINESS_TIME_ZONE, utcToLocal } from '@app/contracts/calendar/time-zone';

/**
 * The client's Schedule view (issue 13.3), its pure side: which days it asks for, how events group by
 * day, and how times, kinds and statuses read. Days and times are Anchorage's, whoever looks.
 */

/** From today through a year ahead in the business time zone (the events route takes at most 366 days). */
export const SCHEDULE_DAYS_AHEAD = 365;
export const scheduleRange = (today: string) => ({ from: today, to: addDays(today, SCHEDULE_DAYS_AHEAD) });

/** GET /api/calendar/events for that range (the query's key is its address: the default loader reads it). */
export const eventsAddress = (range: { from: string; to: string }) =>
  `/api/calendar/events?from=${range.from}&to=${range.to}`;

export type ScheduleDay = { date: string; events: TCalendarEvent[] };

/** Events grouped by their local day, days and events in start order. */
export function groupByDay(events: readonly TCalendarEvent[]): ScheduleDay[] {
  const sorted = [...events].sort((a, b) => a.start.localeCompare(b.start) || a.id - b.id);
  const days: ScheduleDay[] = [];
  for (const event of sorted) {
    const last = days.at(-1);
    if (last?.date === event.date) last.events.push(event);
    else days.push({ date: event.date, events: [event] });
  }
  return days;
}

/** "HH:mm" → "9:30 AM". */
export function clock(time: string): string {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) return time;
  const hours = Number(match[1]);
  return `${hours % 12 === 0 ? 12 : hours % 12}:${match[2]} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** "9:00 AM – 10:00 AM" in Anchorage; an end on a later day names that day's date too. */
export function timeRange(
  event: Pick<TCalendarEvent, 'date' | 'time' | 'end'>,
  timeZone = BUSINESS_TIME_ZONE,
) {
  const end = utcToLocal(event.end, timeZone);
  const endText = end.date === event.date ? clock(end.time) : `${end.date} ${clock(end.time)}`;
  return `${clock(event.time)} – ${endText}`;
}

export const EVENT_KIND_LABELS: Record<TCalendarEvent['type'], string> = {
  appointment: 'Appointment',
  project_start: 'Project start',
  project_end: 'Project end',
};

/** "in_progress" → "In progress"; no status reads "Scheduled" (the spec's default for appointments). */
export function statusText(status: string | undefined): string {
  const words = (status ?? '').replace(/_/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'Scheduled';
}

/** "Add to calendar": GET /api/calendar/ics?type=&id= (a project's end event by its own id, project + 10000). */
export const icsAddress = (event: Pick<TCalendarEvent, 'type' | 'id'>) =>
  `/api/calendar/ics?type=${event.type}&id=${event.id}`;

/** The file name offered for an event's .ics (the server's name is used when it sends one). */
export const icsFileName = (event: Pick<TCalendarEvent, 'title' | 'date'>) =>
  `${`${event.date} ${event.title}`
    .replace(/[^\p{L}\p{N} ._-]+/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80)}.ics`;
