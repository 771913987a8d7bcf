import { addDays, BUSINESS_TIME_ZONE, parseLocalDate, utcToLocal } from '@app/contracts/calendar/time-zone';

/**
 * Days of the calendar screens: YYYY-MM-DD in the business time zone (America/Anchorage), whatever the
 * viewer's own zone. Day arithmetic is contracts' `addDays`; a weekday is read off the date itself.
 */

/** Today in the business time zone (not the viewer's). */
export const businessToday = (now: Date = new Date()) => utcToLocal(now, BUSINESS_TIME_ZONE).date;

/** 0 = Sunday … 6 = Saturday, of a calendar day. */
export function weekday(day: string): number {
  const d = parseLocalDate(day);
  if (!d) throw new RangeError(`Not a day: ${day}`);
  return new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay();
}

/** A month as the calendar shows it: 'YYYY-MM'. */
export type Month = string;
export const monthOf = (day: string): Month => day.slice(0, 7);
export function shiftMonth(month: Month, delta: number): Month {
  const [year = 0, m = 1] = month.split('-').map(Number);
  const index = year * 12 + (m - 1) + delta;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/**
 * The weeks a month view shows (Sunday first, as calendars in the US are printed): from the Sunday on or
 * before the 1st to the Saturday on or after the last day; 4 to 6 weeks of 7 days.
 */
export function monthWeeks(month: Month): string[][] {
  const first = `${month}-01`;
  const last = addDays(`${shiftMonth(month, 1)}-01`, -1);
  let day = addDays(first, -weekday(first));
  const end = addDays(last, 6 - weekday(last));
  const weeks: string[][] = [];
  while (day <= end) {
    const week: string[] = [];
    for (let i = 0; i < 7; i++) {
      week.push(day);
      day = addDays(day, 1);
    }
    weeks.push(week);
  }
  return weeks;
}

/** The first and last day of a month view (what its events request asks for). */
export function monthRange(month: Month): { from: string; to: string } {
  const weeks = monthWeeks(month);
  return { from: weeks[0]![0]!, to: weeks.at(-1)![6]! };
}

/** `days` days from `today` on, today included (the side panel's week: 7; the dashboard widget: 30). */
export const upcomingRange = (today: string, days: number) => ({ from: today, to: addDays(today, days - 1) });

const LOCALE = 'en-US';
const asUtcDate = (day: string) => {
  const d = parseLocalDate(day);
  if (!d) throw new RangeError(`Not a day: ${day}`);
  return new Date(Date.UTC(d.year, d.month - 1, d.day));
};
const dayFormat = new Intl.DateTimeFormat(LOCALE, {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const longFormat = new Intl.DateTimeFormat(LOCALE, {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const monthFormat = new Intl.DateTimeFormat(LOCALE, { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** 'Today', 'Tomorrow' or the date ('Fri, Jan 18, 2030'), against today in the business time zone. */
export function dayLabel(day: string, today: string): string {
  if (day === today) return 'Today';
  if (day === addDays(today, 1)) return 'Tomorrow';
  return dayFormat.format(asUtcDate(day));
}

/** 'Friday, January 18, 2030' (a day button's name). */
export const longDay = (day: string) => longFormat.format(asUtcDate(day));
/** 'January 2030'. */
export const monthTitle = (month: Month) => monthFormat.format(asUtcDate(`${month}-01`));

/** 'HH:mm' as people read it: '9:00 AM'. */
export function clockLabel(time: string): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const suffix = h < 12 ? 'AM' : 'PM';
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${suffix}`;
}

/** 'HH:mm' as a month cell has room for: '9am', '1:30pm'. */
export function shortClock(time: string): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return `${h % 12 === 0 ? 12 : h % 12}${m === 0 ? '' : `:${String(m).padStart(2, '0')}`}${h < 12 ? 'am' : 'pm'}`;
}

/** A month cell's entry: its time and who it is for (the title when it is for no client). */
export const cellEntry = (event: { time: string; clientName?: string; title: string }) =>
  `${shortClock(event.time)} ${event.clientName || event.title}`;

/** Arrow keys in the month grid: the day to move to (Home and End: the week's first and last day). */
export function dayForKey(day: string, key: string): string | null {
  switch (key) {
    case 'ArrowLeft':
      return addDays(day, -1);
    case 'ArrowRight':
      return addDays(day, 1);
    case 'ArrowUp':
      return addDays(day, -7);
    case 'ArrowDown':
      return addDays(day, 7);
    case 'Home':
      return addDays(day, -weekday(day));
    case 'End':
      return addDays(day, 6 - weekday(day));
    default:
      return null;
  }
}
