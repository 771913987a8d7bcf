/** How the screens write days, instants and money. Locale en-US: the business is in Alaska. */
const LOCALE = 'en-US';

/** A calendar day (YYYY-MM-DD) as a Date at midnight UTC, or null when it is not one. */
export function dayAsUtc(day: string): Date | null {
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return null;
  return new Date(Date.UTC(year, month - 1, date));
}

/** A calendar day as written, with no time-zone shift; no day reads 'Not set', a non-day is shown as sent. */
export function formatDay(day: string | null): string {
  if (!day) return 'Not set';
  const utc = dayAsUtc(day);
  return utc ? new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeZone: 'UTC' }).format(utc) : day;
}

function formatIso(iso: string, options: Intl.DateTimeFormatOptions): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return iso;
  return new Intl.DateTimeFormat(LOCALE, options).format(instant);
}

/** An instant (date and time) in the viewer's time zone unless one is given. */
export const formatInstant = (iso: string, timeZone?: string) =>
  formatIso(iso, { dateStyle: 'medium', timeStyle: 'short', timeZone });
/** The day an instant fell on, in the viewer's time zone unless one is given. */
export const formatDate = (iso: string, timeZone?: string) =>
  formatIso(iso, { dateStyle: 'medium', timeZone });
/** The time of day of an instant, in the viewer's time zone unless one is given. */
export const formatTime = (iso: string, timeZone?: string) =>
  formatIso(iso, { timeStyle: 'short', timeZone });

/** Today as YYYY-MM-DD in the given (default: the viewer's) time zone. */
export const today = (now = new Date(), timeZone?: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    now,
  );

const usd = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'USD' });
/** Dollar amounts with 2 decimals. */
export const formatUsd = (amount: number) => usd.format(amount);
