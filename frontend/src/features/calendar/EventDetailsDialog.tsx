import type { TCalendarEvent } from '@app/contracts/calendar/event-times';
import { Link } from '@tanstack/react-router';
import { Button, buttonClass } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { AddToCalendarButton } from './AddToCalendarButton';
import { EVENT_TYPE_LABELS, eventStatusLabel, whenLabel } from './event-labels';

/** The Upcoming Events widget's Event Details: every field the event carries, then Edit. */
export function EventDetailsDialog({
  event,
  today,
  onClose,
  onEdit,
}: {
  event: TCalendarEvent | null;
  today: string;
  onClose: () => void;
  onEdit: (event: TCalendarEvent) => void;
}) {
  return (
    <Dialog open={event !== null} onClose={onClose} title="Event Details">
      {event && (
        <div className="space-y-4">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <Row label="Title" value={event.title} />
            <Row label="Type" value={EVENT_TYPE_LABELS[event.type]} />
            {event.status && <Row label="Status" value={eventStatusLabel(event.status)} />}
            <Row label="When" value={whenLabel(event, today)} />
            {event.clientName && <Row label="Client" value={event.clientName} />}
            {event.phone && <Row label="Phone" value={event.phone} />}
            {event.email && <Row label="Email" value={event.email} />}
            {event.location && <Row label="Location" value={event.location} />}
            {event.description && <Row label="Description" value={event.description} />}
          </dl>
          <div className="flex flex-wrap justify-end gap-2">
            <AddToCalendarButton event={event} />
            {event.type === 'appointment' || event.projectId === undefined ? (
              <Button onClick={() => onEdit(event)}>Edit</Button>
            ) : (
              <Link to="/admin/job/$id" params={{ id: String(event.projectId) }} className={buttonClass()}>
                Open Job Page
              </Link>
            )}
          </div>
        </div>
      )}
    </Dialog>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt className="font-medium text-slate-700">{label}</dt>
      <dd className="break-words whitespace-pre-wrap text-slate-900">{value}</dd>
    </>
  );
}
