import type { TCalendarEvent } from '@app/contracts/calendar/event-times';
import type { UseQueryResult } from '@tanstack/react-query';
import { failureText } from '../../lib/api';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { EventCard } from './EventCard';

/** A list of event cards with its loading, error and empty states. */
export function EventList({
  query,
  today,
  label,
  empty,
  onEdit,
  onDetails,
  layout,
}: {
  query: UseQueryResult<TCalendarEvent[]>;
  today: string;
  label: string;
  empty: string;
  onEdit: (event: TCalendarEvent) => void;
  onDetails?: (event: TCalendarEvent) => void;
  /** Tailwind classes laying the cards out (default: one column). */
  layout?: string;
}) {
  if (query.isPending)
    return (
      <div className="grid place-items-center py-6">
        <Spinner label="Loading events" />
      </div>
    );
  if (query.isError)
    return (
      <div role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-900">
        <p>{failureText(query.error, 'Could not load the events.')}</p>
        <Button variant="outline" className="mt-2" onClick={() => void query.refetch()}>
          Try Again
        </Button>
      </div>
    );
  const events = query.data ?? [];
  if (events.length === 0) return <p className="py-6 text-center text-sm text-slate-700">{empty}</p>;
  return (
    <EventCards
      events={events}
      today={today}
      label={label}
      onEdit={onEdit}
      onDetails={onDetails}
      layout={layout}
    />
  );
}

/** Event cards as a list named `label`. */
export function EventCards({
  events,
  today,
  label,
  onEdit,
  onDetails,
  layout = 'space-y-2',
}: {
  events: readonly TCalendarEvent[];
  today: string;
  label: string;
  onEdit: (event: TCalendarEvent) => void;
  onDetails?: (event: TCalendarEvent) => void;
  layout?: string;
}) {
  return (
    <ul className={layout} aria-label={label}>
      {events.map((event) => (
        <EventCard
          key={`${event.type}-${event.id}`}
          event={event}
          today={today}
          onEdit={onEdit}
          onDetails={onDetails}
        />
      ))}
    </ul>
  );
}
