import type { TCalendarEvent } from '@app/contracts/calendar/event-times';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { businessToday, upcomingRange } from './calendar-days';
import { calendarEventsQuery } from './calendar-query';
import { EditEventDialog } from './EditEventDialog';
import { EventDetailsDialog } from './EventDetailsDialog';
import { EventList } from './EventList';

export const WIDGET_DAYS = 30;

/** The admin dashboard's Upcoming Events (spec part 2, sections 2.1 and 2.5): the next 30 days. */
export function UpcomingEventsWidget() {
  const today = businessToday();
  const events = useQuery(calendarEventsQuery(upcomingRange(today, WIDGET_DAYS)));
  const [details, setDetails] = useState<TCalendarEvent | null>(null);
  const [editing, setEditing] = useState<TCalendarEvent | null>(null);

  return (
    <section
      aria-labelledby="upcoming-events-heading"
      className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="upcoming-events-heading" className="text-base font-semibold text-slate-900">
          Upcoming Events
        </h3>
        <p className="text-sm text-slate-700">Next {WIDGET_DAYS} days</p>
      </div>
      <div className="max-h-[32rem] overflow-y-auto">
        <EventList
          query={events}
          today={today}
          label="Upcoming events"
          empty="No upcoming events in the next 30 days"
          onEdit={setEditing}
          onDetails={setDetails}
          layout="grid grid-cols-1 gap-2 lg:grid-cols-2"
        />
      </div>
      <EventDetailsDialog
        event={details}
        today={today}
        onClose={() => setDetails(null)}
        onEdit={(event) => {
          setDetails(null);
          setEditing(event);
        }}
      />
      <EditEventDialog event={editing} onClose={() => setEditing(null)} />
    </section>
  );
}
