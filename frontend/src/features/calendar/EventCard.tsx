import type { TCalendarEvent } from '@app/contracts/calendar/event-times';
import { Link } from '@tanstack/react-router';
import { Button, buttonClass } from '../../ui/Button';
import { AddToCalendarButton } from './AddToCalendarButton';
import { EVENT_TYPE_LABELS, eventStatusLabel, statusBadge, TYPE_BADGE, whenLabel } from './event-labels';

const BADGE = 'inline-block rounded-full px-2 py-0.5 text-xs font-medium';

/**
 * One event (spec part 2, section 2.5): type and status badges, title, client, day (Today, Tomorrow or the
 * date) with its time range, location, edit and add-to-calendar. An appointment is edited in the Edit
 * Event dialog; a project's start or end day on its job page, where the project's dates are changed.
 */
export function EventCard({
  event,
  today,
  onEdit,
  onDetails,
}: {
  event: TCalendarEvent;
  today: string;
  onEdit: (event: TCalendarEvent) => void;
  onDetails?: (event: TCalendarEvent) => void;
}) {
  return (
    <li data-testid="event-card" className="rounded-md border border-slate-200 bg-white p-3 shadow-sm">
      <div className="flex flex-wrap gap-1">
        <span className={`${BADGE} ${TYPE_BADGE[event.type]}`} data-testid="event-type">
          {EVENT_TYPE_LABELS[event.type]}
        </span>
        {event.status && (
          <span className={`${BADGE} ${statusBadge(event.status)}`} data-testid="event-status">
            {eventStatusLabel(event.status)}
          </span>
        )}
      </div>
      <p className="mt-1 font-medium break-words text-slate-900">{event.title}</p>
      {event.clientName && <p className="text-sm text-slate-700">{event.clientName}</p>}
      <p className="text-sm text-slate-700" data-testid="event-when">
        {whenLabel(event, today)}
      </p>
      {event.location && <p className="text-sm text-slate-700">{event.location}</p>}
      <div className="mt-2 flex flex-wrap gap-2">
        {onDetails && (
          <Button
            variant="outline"
            className="px-2 py-1 text-xs"
            aria-label={`Details of ${event.title}`}
            onClick={() => onDetails(event)}
          >
            Details
          </Button>
        )}
        {event.type === 'appointment' || event.projectId === undefined ? (
          <Button
            variant="outline"
            className="px-2 py-1 text-xs"
            aria-label={`Edit ${event.title}`}
            onClick={() => onEdit(event)}
          >
            Edit
          </Button>
        ) : (
          <Link
            to="/admin/job/$id"
            params={{ id: String(event.projectId) }}
            className={buttonClass('outline', 'px-2 py-1 text-xs')}
            aria-label={`Edit the dates of ${event.title} on its job page`}
          >
            Edit dates
          </Link>
        )}
        <AddToCalendarButton event={event} />
      </div>
    </li>
  );
}
