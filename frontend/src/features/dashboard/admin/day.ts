import { dayAsUtc } from '../../../lib/format';

/** Days are YYYY-MM-DD in the admin's own calendar; `today()` of lib/format gives the current one. */
const asUtc = (day: string) => dayAsUtc(day) ?? new Date(Number.NaN);

/** The day `delta` days away; calendar arithmetic, so daylight-saving changes do not matter. */
export function shiftDay(day: string, delta: number): string {
  const moved = asUtc(day);
  moved.setUTCDate(moved.getUTCDate() + delta);
  return moved.toISOString().slice(0, 10);
}

/** 'Today', 'Yesterday', 'Tomorrow' or the date, for the notes' heading. */
export function dayHeading(day: string, today: string, locale = 'en-US'): string {
  if (day === today) return 'Today';
  if (day === shiftDay(today, -1)) return 'Yesterday';
  if (day === shiftDay(today, 1)) return 'Tomorrow';
  const format = {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  } as const;
  return new Intl.DateTimeFormat(locale, format).format(asUtc(day));
}
