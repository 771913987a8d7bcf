/**
 * Local wall-clock time in the business time zone <-> UTC instants, with no date library:
 * `Intl.DateTimeFormat` carries the IANA rules, so daylight-saving changes come from the runtime's
 * tz data. Dates are `YYYY-MM-DD`, times `HH:mm`.
 *
 * Ambiguous local times follow Temporal's `disambiguation: 'compatible'` (also luxon's default):
 * - a time that does not exist (the skipped hour on the spring-forward day, 02:00-02:59 in Anchorage)
 *   moves forward by the gap: 02:30 becomes 03:30 daylight time;
 * - a time that happens twice (the repeated hour in the fall, 01:00-01:59) is the earlier one,
 *   i.e. still daylight time.
 */
export const BUSINESS_TIME_ZONE = 'America/Anchorage';

export type LocalDateTime = { date: string; time: string };

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall clock in `timeZone` at `ms`, read back as if it were UTC (milliseconds). */
function wallClockMs(ms: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(ms))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = parts;
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

/** Offset of `timeZone` from UTC at the instant `ms`, asked of Intl (one formatToParts: some microseconds). */
function exactOffsetMs(ms: number, timeZone: string): number {
  const whole = Math.floor(ms / 1000) * 1000;
  return wallClockMs(whole, timeZone) - whole;
}

/**
 * Offsets already asked, by time zone and UTC day or hour. A day (or else an hour) is kept only when the offset
 * at its first and last second agree, i.e. no change falls inside it; a slot with a change is answered exactly
 * each time. A calendar of a year's events then asks Intl a few hundred times instead of several times per event
 * (the ICS feed and the month view derive thousands). Bounded: emptied when it grows past its size.
 */
const offsetSlots = new Map<string, Map<string, number>>();
const OFFSET_SLOTS_MAX = 50_000;
const HOUR = 60 * MINUTE;

function slotOffset(slots: Map<string, number>, key: string, from: number, length: number, timeZone: string) {
  const kept = slots.get(key);
  if (kept !== undefined) return kept;
  const first = exactOffsetMs(from, timeZone);
  if (exactOffsetMs(from + length - 1000, timeZone) !== first) return null;
  if (slots.size >= OFFSET_SLOTS_MAX) slots.clear();
  slots.set(key, first);
  return first;
}

/** Offset of `timeZone` from UTC at the instant `ms`, in milliseconds (Anchorage: -9 h or -8 h). */
function offsetMs(ms: number, timeZone: string): number {
  let slots = offsetSlots.get(timeZone);
  if (!slots) {
    slots = new Map();
    offsetSlots.set(timeZone, slots);
  }
  const day = Math.floor(ms / DAY);
  const hour = Math.floor(ms / HOUR);
  return (
    slotOffset(slots, `d${day}`, day * DAY, DAY, timeZone) ??
    slotOffset(slots, `h${hour}`, hour * HOUR, HOUR, timeZone) ??
    exactOffsetMs(ms, timeZone)
  );
}

/** The wall clock in `timeZone` at `ms` read back as UTC, to the second, from the (kept) offset. */
const wallClock = (ms: number, timeZone: string) => Math.floor(ms / 1000) * 1000 + offsetMs(ms, timeZone);

/** Parses `YYYY-MM-DD`; null when it is not a real calendar day (2026-02-30). */
export function parseLocalDate(date: string): { year: number; month: number; day: number } | null {
  const m = DATE_RE.exec(date);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    return null;
  }
  return { year, month, day };
}

/** Parses `HH:mm` (also accepts `HH:mm:ss`, seconds ignored) into minutes after midnight; null when invalid. */
export function parseLocalTime(time: string): number | null {
  const m = TIME_RE.exec(time.length === 8 && time[5] === ':' ? time.slice(0, 5) : time);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** The UTC instant of a local date and time in `timeZone`. Throws on a malformed date or time. */
export function localToUtc(date: string, time: string, timeZone: string = BUSINESS_TIME_ZONE): Date {
  const d = parseLocalDate(date);
  const minutes = parseLocalTime(time);
  if (!d || minutes === null) throw new RangeError(`Not a local date and time: ${date} ${time}`);
  const wall = Date.UTC(d.year, d.month - 1, d.day) + minutes * MINUTE;
  // Offsets a day either side cover any single transition near this wall-clock time.
  const before = offsetMs(wall - DAY, timeZone);
  const after = offsetMs(wall + DAY, timeZone);
  // No change of offset within a day either side (nearly always): one answer, no gap, no repeat.
  if (before === after) return new Date(wall - before);
  const candidates = [...new Set([before, after])]
    .map((offset) => wall - offset)
    .filter((ms) => wallClock(ms, timeZone) === wall)
    .sort((a, b) => a - b);
  // Repeated hour: the earlier instant. Skipped hour: the offset in force before the gap, which
  // lands the same distance past the gap.
  return new Date(candidates[0] ?? wall - before);
}

/** The local date and time in `timeZone` of a UTC instant (Date or ISO string). */
export function utcToLocal(instant: Date | string, timeZone: string = BUSINESS_TIME_ZONE): LocalDateTime {
  const ms = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  if (Number.isNaN(ms)) throw new RangeError(`Not an instant: ${String(instant)}`);
  const iso = new Date(wallClock(ms, timeZone)).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/** `YYYY-MM-DD` plus `days` calendar days (no time zone involved). */
/** Today's calendar day (YYYY-MM-DD) where the business is. */
export const businessToday = (now: Date = new Date()) => utcToLocal(now).date;

export function addDays(date: string, days: number): string {
  const d = parseLocalDate(date);
  if (!d) throw new RangeError(`Not a local date: ${date}`);
  return new Date(Date.UTC(d.year, d.month - 1, d.day + days)).toISOString().slice(0, 10);
}
