/**
 * Schedule Project mode's day clicks (spec part 2, section 2.5): the first click sets the start, the
 * second the end, a third starts over. The start is never after the end (section 5, 'Start date must be
 * before end date'): a second click on a day before the start moves the start there instead (our choice;
 * the end is still to be picked), and a second click on the start day itself makes a one-day job.
 */
export type ScheduleRange = { start: string | null; end: string | null };

export const EMPTY_RANGE: ScheduleRange = { start: null, end: null };

export function clickDay(range: ScheduleRange, day: string): ScheduleRange {
  if (range.start === null || range.end !== null) return { start: day, end: null };
  if (day < range.start) return { start: day, end: null };
  return { start: range.start, end: day };
}

/** How a day shows in the range: the start (green), the end (red), a day between (grey), or none. */
export type RangeRole = 'start' | 'end' | 'between' | null;

export function rangeRole(range: ScheduleRange, day: string): RangeRole {
  if (day === range.start) return 'start';
  if (day === range.end) return 'end';
  if (range.start !== null && range.end !== null && day > range.start && day < range.end) return 'between';
  return null;
}

export const START_AFTER_END = 'Start date must be before end date';
export const BOTH_DATES_REQUIRED = 'Please select both start and end dates';

/** Confirm Schedule is enabled only when a project is chosen and both dates are set. */
export const canConfirm = (projectId: number | null, range: ScheduleRange) =>
  projectId !== null && range.start !== null && range.end !== null;

/** The problem with the dates as typed, or null (the day inputs can be typed in any order). */
export function rangeProblem(range: ScheduleRange): string | null {
  if (!range.start || !range.end) return BOTH_DATES_REQUIRED;
  return range.start > range.end ? START_AFTER_END : null;
}
