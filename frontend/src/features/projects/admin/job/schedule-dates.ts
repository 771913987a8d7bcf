/**
 * The job page's schedule dates dialog (spec part 2, section 5): both dates required, the start not after the
 * end, and no day before today (in Anchorage) unless it is the date the job already has, so a job that has
 * started can still have its end moved.
 */
export const DATES_REQUIRED = 'Please select both start and end dates';
export const DATES_ORDER = 'Start date must be before end date';
export const DATE_IN_PAST = 'Please choose today or a later date';

export type ScheduleDates = { jobStartDate: string; jobEndDate: string };
export type DateErrors = { start?: string; end?: string };
export type DatesCheck = { ok: true; body: ScheduleDates } | { ok: false; errors: DateErrors };

/** The earliest day an input offers: today, or the job's own earlier date. */
export const minDay = (today: string, saved: string | null) => (saved && saved < today ? saved : today);

/** The end input's earliest day: as above, and never before the start chosen. */
export function endMinDay(today: string, savedEnd: string | null, start: string): string {
  const earliest = minDay(today, savedEnd);
  return start !== '' && start > earliest ? start : earliest;
}

/** The dialog's starting values: the job's dates as date inputs hold them ('' when unset). */
export const initialDates = (project: { jobStartDate: string | null; jobEndDate: string | null }) => ({
  start: project.jobStartDate?.slice(0, 10) ?? '',
  end: project.jobEndDate?.slice(0, 10) ?? '',
});

export function checkScheduleDates(
  values: { start: string; end: string },
  saved: { jobStartDate: string | null; jobEndDate: string | null },
  today: string,
): DatesCheck {
  const { start, end } = values;
  if (!start || !end)
    return {
      ok: false,
      errors: { ...(!start && { start: DATES_REQUIRED }), ...(!end && { end: DATES_REQUIRED }) },
    };
  const errors: DateErrors = {};
  if (start < minDay(today, saved.jobStartDate?.slice(0, 10) ?? null)) errors.start = DATE_IN_PAST;
  if (end < minDay(today, saved.jobEndDate?.slice(0, 10) ?? null)) errors.end = DATE_IN_PAST;
  if (!errors.end && start > end) errors.end = DATES_ORDER;
  if (errors.start || errors.end) return { ok: false, errors };
  return { ok: true, body: { jobStartDate: start, jobEndDate: end } };
}
