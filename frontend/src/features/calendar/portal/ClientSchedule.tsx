import type { TCalendarEvent } from '@app/contracts/calendar/event-times';
import { useQuery } from '@tanstack/react-query';
import { failureText } from '../../../lib/api';
import { Button } from '../../../ui/Button';
import { AddToCalendarButton } from '../AddToCalendarButton';
import { businessToday, dayLabel } from '../calendar-days';
import { calendarEventsQuery, eventsByDay } from '../calendar-query';
import { EVENT_TYPE_LABELS, eventStatusLabel, statusBadge, TYPE_BADGE } from '../event-labels';
import { FeedAddress } from '../FeedAddress';
import { scheduleRange, timeRange } from './schedule';

/**
 * The client's Schedule view (issue 13.3): their appointments and project start and end days for the year
 * ahead (GET /api/calendar/events; a client gets only their own), grouped by day in Anchorage time, each
 * with "Add to calendar" (.ics), and the private address their calendar app can subscribe to.
 */
export function ClientSchedule() {
  const today = businessToday();
  const events = useQuery(calendarEventsQuery(scheduleRange(today)));

  return (
    <div className="space-y-6">
      <section
        aria-labelledby="schedule-upcoming"
        className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
      >
        <h3 id="schedule-upcoming" className="text-lg font-semibold text-slate-900">
          Upcoming
        </h3>
        <p className="text-sm text-slate-700">Times are Alaska time.</p>
        <div className="mt-4">
          {events.isPending ? (
            <p className="text-sm text-slate-700">Loading your schedule...</p>
          ) : events.isError ? (
            <div role="alert" className="text-sm text-red-800">
              <p>{failureText(events.error, 'Your schedule could not be loaded.')}</p>
              <Button variant="outline" className="mt-2" onClick={() => void events.refetch()}>
                Try Again
              </Button>
            </div>
          ) : (
            <ScheduleDays events={events.data} today={today} />
          )}
        </div>
      </section>

      <section
        aria-labelledby="schedule-subscribe"
        className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
      >
        <h3 id="schedule-subscribe" className="text-lg font-semibold text-slate-900">
          Subscribe in your calendar app
        </h3>
        <p className="mt-1 text-sm text-slate-700">
          Add this address to Google Calendar, Outlook or Apple Calendar and your appointments appear there,
          kept up to date.
        </p>
        <div className="mt-3">
          <FeedAddress hint="Google Calendar: Other calendars, From URL. Outlook: Add calendar, Subscribe from web. Apple Calendar: File, New Calendar Subscription. Keep it private: anyone with the address can read your schedule." />
        </div>
      </section>
    </div>
  );
}

function ScheduleDays({ events, today }: { events: TCalendarEvent[]; today: string }) {
  // The server lists events in start order; grouping keeps it.
  const days = [...eventsByDay(events)];
  if (days.length === 0)
    return (
      <div className="rounded-lg border border-dashed border-slate-300 p-8 text-center">
        <p className="text-base font-semibold text-slate-900">No appointments scheduled</p>
      </div>
    );
  return (
    <ol className="space-y-5">
      {days.map(([day, dayEvents]) => (
        <li key={day}>
          <h4 className="text-sm font-semibold text-slate-800">{dayLabel(day, today)}</h4>
          <ul className="mt-2 divide-y divide-slate-200 rounded-md border border-slate-200">
            {dayEvents.map((event) => (
              <EventRow key={`${event.type}-${event.id}`} event={event} />
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}

function EventRow({ event }: { event: TCalendarEvent }) {
  return (
    <li data-testid="schedule-event" className="flex flex-wrap items-start justify-between gap-3 p-3">
      <div className="min-w-0">
        <p className="font-medium break-words text-slate-900">{event.title}</p>
        <p className="text-sm text-slate-800">{timeRange(event)}</p>
        {event.location && <p className="text-sm text-slate-700">{event.location}</p>}
        <p className="mt-1 flex flex-wrap gap-2 text-xs">
          <span className={`rounded-full px-2 py-0.5 ${TYPE_BADGE[event.type]}`}>
            {EVENT_TYPE_LABELS[event.type]}
          </span>
          {event.status && (
            <span className={`rounded-full px-2 py-0.5 ${statusBadge(event.status)}`}>
              {eventStatusLabel(event.status)}
            </span>
          )}
        </p>
      </div>
      <AddToCalendarButton event={event} />
    </li>
  );
}
