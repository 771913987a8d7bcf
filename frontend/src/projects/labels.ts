import {
  PROJECT_STATUS_LABELS,
  PROJECT_TYPE_LABELS,
  type PROJECT_TYPES,
  type TProjectStatus,
} from '@app/contracts/api/projects';

/** A status as people read it; a value this screen has no label for is shown as sent. */
export const statusLabel = (status: string) => PROJECT_STATUS_LABELS[status as TProjectStatus] ?? status;
export const typeLabel = (type: string) =>
  PROJECT_TYPE_LABELS[type as (typeof PROJECT_TYPES)[number]] ?? type;

/** A calendar day (YYYY-MM-DD) as written, with no time-zone shift; no day reads 'Not set'. */
export function formatDay(day: string | null, locale = 'en-US'): string {
  if (!day) return 'Not set';
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return day;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, date)),
  );
}

/** An instant in the viewer's time zone unless one is given. */
export function formatInstant(iso: string, timeZone?: string, locale = 'en-US'): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
    instant,
  );
}

/** Today as YYYY-MM-DD in the given (default: the viewer's) time zone. */
export const today = (now = new Date(), timeZone?: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    now,
  );
