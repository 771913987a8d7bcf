import type { TCalendarEvent } from '@app/contracts/calendar/event-times';
import { utcToLocal } from '@app/contracts/calendar/time-zone';
import { clockLabel, dayLabel } from './calendar-days';

export const EVENT_TYPE_LABELS: Record<TCalendarEvent['type'], string> = {
  appointment: 'Appointment',
  project_start: 'Project Start',
  project_end: 'Project End',
};

const STATUS_LABELS: Record<string, string> = {
  scheduled: 'Scheduled',
  confirmed: 'Confirmed',
  pending: 'Pending',
  approved: 'Approved',
  in_progress: 'In Progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
};
/** A status as people read it; an unknown one is shown as sent. */
export const eventStatusLabel = (status: string) => STATUS_LABELS[status] ?? status;

/** Badge colours (text at least 4.5:1 on its background). */
export const TYPE_BADGE: Record<TCalendarEvent['type'], string> = {
  appointment: 'bg-blue-100 text-blue-900',
  project_start: 'bg-green-100 text-green-900',
  project_end: 'bg-red-100 text-red-900',
};
const STATUS_BADGE: Record<string, string> = {
  scheduled: 'bg-sky-100 text-sky-900',
  confirmed: 'bg-indigo-100 text-indigo-900',
  pending: 'bg-amber-100 text-amber-900',
  approved: 'bg-teal-100 text-teal-900',
  in_progress: 'bg-blue-100 text-blue-900',
  completed: 'bg-green-100 text-green-900',
  cancelled: 'bg-slate-200 text-slate-800',
};
export const statusBadge = (status: string) => STATUS_BADGE[status] ?? 'bg-slate-100 text-slate-800';

/** 'Today · 9:00 AM – 10:00 AM' (the end's time in Anchorage; its day if it ends on another). */
export function whenLabel(event: TCalendarEvent, today: string): string {
  const end = utcToLocal(event.end);
  const endText =
    end.date === event.date ? clockLabel(end.time) : `${dayLabel(end.date, today)} ${clockLabel(end.time)}`;
  return `${dayLabel(event.date, today)} · ${clockLabel(event.time)} – ${endText}`;
}
