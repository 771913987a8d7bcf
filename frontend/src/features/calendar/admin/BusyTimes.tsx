import type { TImportedCalendarEvent } from '@app/contracts/api/calendar';
import { utcToLocal } from '@app/contracts/calendar/time-zone';
import { clockLabel } from '../calendar-days';

/** '10:00 AM – 11:00 AM' in Anchorage. */
const hours = (e: TImportedCalendarEvent) => `${clockLabel(e.time)} – ${clockLabel(utcToLocal(e.end).time)}`;

/** A day's events from the admin's own Google Calendar (two-way or import sync): shown, never edited here. */
export function BusyTimes({ events }: { events: readonly TImportedCalendarEvent[] }) {
  return (
    <div className="mt-3">
      <h4 className="text-sm font-semibold text-slate-800">Busy in Google Calendar</h4>
      <ul aria-label="Busy in Google Calendar" className="mt-1 space-y-1">
        {events.map((e) => (
          <li
            key={e.id}
            className="rounded-md border border-dashed border-slate-300 px-3 py-2 text-sm text-slate-800"
          >
            <span className="font-medium">{e.title}</span>{' '}
            <span className="text-slate-700">{e.allDay ? 'All day' : hours(e)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
