import type { TCalendarRangeQuery, TImportedCalendarEvent } from '@app/contracts/api/calendar';
import type { TCalendarEvent } from '@app/contracts/calendar/event-times';
import { queryOptions } from '@tanstack/react-query';
import { defaultQueryFn } from '../../lib/api';
import { signInAgain } from '../../lib/failure';

/**
 * Every calendar read starts with this key, so one invalidation (a save here, or the admin's live update
 * for 'appointment' or 'project') refreshes the month, the side panel and the dashboard widget together.
 */
export const CALENDAR_EVENTS_KEY = '/api/calendar/events';

/** GET /api/calendar/events?from=&to= (local days in Anchorage, both included). */
export const calendarEventsQuery = (range: TCalendarRangeQuery) =>
  queryOptions({
    queryKey: [CALENDAR_EVENTS_KEY, range.from, range.to],
    // The default loader (a lost session reads as nothing and signs in again), on the range's address.
    queryFn: async () =>
      ((await defaultQueryFn(
        { queryKey: [`${CALENDAR_EVENTS_KEY}?from=${range.from}&to=${range.to}`] },
        signInAgain,
      )) ?? []) as TCalendarEvent[],
  });

/** Events grouped by their local start day. */
export function eventsByDay(events: readonly TCalendarEvent[]): Map<string, TCalendarEvent[]> {
  const days = new Map<string, TCalendarEvent[]>();
  for (const event of events) {
    const list = days.get(event.date);
    if (list) list.push(event);
    else days.set(event.date, [event]);
  }
  return days;
}

/** Where "Add to calendar" downloads one event as an .ics file. */
export const icsUrl = (event: Pick<TCalendarEvent, 'type' | 'id'>) =>
  `/api/calendar/ics?type=${event.type}&id=${event.id}`;

/** The admin's own Google Calendar events brought in by two-way or import sync (read-only busy times). */
export const IMPORTED_EVENTS_KEY = '/api/calendar/imported';
export const importedEventsQuery = (range: TCalendarRangeQuery) =>
  queryOptions({
    queryKey: [IMPORTED_EVENTS_KEY, range.from, range.to],
    queryFn: async () =>
      ((await defaultQueryFn(
        { queryKey: [`${IMPORTED_EVENTS_KEY}?from=${range.from}&to=${range.to}`] },
        signInAgain,
      )) ?? []) as TImportedCalendarEvent[],
  });
