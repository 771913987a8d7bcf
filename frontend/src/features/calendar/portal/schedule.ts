import type { TCalendarEvent } from '@app/contracts/calendar/event-times';
import { utcToLocal } from '@app/contracts/calendar/time-zone';
import { clockLabel, longDay, upcomingRange } from '../calendar-days';

/**
 * The client's Schedule view (issue 13.3), its pure side: which days it asks for and how an event's time
 * reads. Days and times are Anchorage's, wherever the client looks from.
 */

/** Today through 365 days ahead (the events route takes at most 366 days, both ends included). */
export const SCHEDULE_DAYS = 366;
export const scheduleRange = (today: string) => upcomingRange(today, SCHEDULE_DAYS);

/** "9:00 AM – 10:00 AM" in Anchorage; an end on a later day names that day too. */
export function timeRange(event: Pick<TCalendarEvent, 'date' | 'time' | 'end'>): string {
  const end = utcToLocal(event.end);
  const endText =
    end.date === event.date ? clockLabel(end.time) : `${longDay(end.date)} ${clockLabel(end.time)}`;
  return `${clockLabel(event.time)} – ${endText}`;
}
