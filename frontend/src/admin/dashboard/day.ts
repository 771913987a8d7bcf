/** Days are YYYY-MM-DD in the admin's own calendar (the browser's time zone). */
export function localDay(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const asUtc = (day: string) => {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, date!));
};

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

/** The time a note was added, in the admin's time zone unless one is given. */
export function noteTime(iso: string, timeZone?: string, locale = 'en-US'): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone }).format(instant);
}
