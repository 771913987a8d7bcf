import {
  PREFERRED_TIME_LABELS,
  PROPERTY_TYPE_LABELS,
  SERVICE_TYPE_LABELS,
} from '@app/contracts/api/consultations';
import type { ConsultationStatus } from './consultation-list';

export const STATUS_LABELS: Record<ConsultationStatus, string> = {
  pending: 'Pending',
  contacted: 'Contacted',
  scheduled: 'Scheduled',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** "some_value" → "Some Value", for values this screen has no label for. */
const titleCase = (value: string) =>
  value
    .split('_')
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');

const labelOf = (labels: Record<string, string>, value: string) => labels[value] ?? titleCase(value);

export const serviceTypeLabel = (value: string) => labelOf(SERVICE_TYPE_LABELS, value);
export const propertyTypeLabel = (value: string | null) =>
  value ? labelOf(PROPERTY_TYPE_LABELS, value) : 'Not specified';
export const preferredTimeLabel = (value: string | null) =>
  value ? labelOf(PREFERRED_TIME_LABELS, value) : 'Any time';

/** A calendar day (YYYY-MM-DD) as written, with no time-zone shift. */
export function formatDay(day: string, locale = 'en-US'): string {
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return day;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, date)),
  );
}

/** An instant in the admin's time zone unless one is given. */
export function formatInstant(iso: string, timeZone?: string, locale = 'en-US'): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
    instant,
  );
}
