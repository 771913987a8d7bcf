import { describe, expect, it } from 'vitest';
import {
  checkScheduleDates,
  DATE_IN_PAST,
  DATES_ORDER,
  DATES_REQUIRED,
  endMinDay,
  initialDates,
  minDay,
} from './schedule-dates';

const TODAY = '2026-11-25';
const unscheduled = { jobStartDate: null, jobEndDate: null };

describe('checkScheduleDates', () => {
  it('asks for both dates', () => {
    expect(checkScheduleDates({ start: '', end: '' }, unscheduled, TODAY)).toEqual({
      ok: false,
      errors: { start: DATES_REQUIRED, end: DATES_REQUIRED },
    });
    expect(checkScheduleDates({ start: '2026-12-01', end: '' }, unscheduled, TODAY)).toEqual({
      ok: false,
      errors: { end: DATES_REQUIRED },
    });
  });

  it('refuses a start after the end, with the spec text', () => {
    expect(checkScheduleDates({ start: '2026-12-05', end: '2026-12-01' }, unscheduled, TODAY)).toEqual({
      ok: false,
      errors: { end: DATES_ORDER },
    });
  });

  it('accepts a one-day job and sends both dates', () => {
    expect(checkScheduleDates({ start: '2026-12-01', end: '2026-12-01' }, unscheduled, TODAY)).toEqual({
      ok: true,
      body: { jobStartDate: '2026-12-01', jobEndDate: '2026-12-01' },
    });
    expect(checkScheduleDates({ start: TODAY, end: '2026-12-03' }, unscheduled, TODAY).ok).toBe(true);
  });

  it('refuses a day before today, but keeps a started job its own start', () => {
    expect(checkScheduleDates({ start: '2026-11-24', end: '2026-12-03' }, unscheduled, TODAY)).toEqual({
      ok: false,
      errors: { start: DATE_IN_PAST },
    });
    const started = { jobStartDate: '2026-11-20', jobEndDate: '2026-11-30' };
    expect(checkScheduleDates({ start: '2026-11-20', end: '2026-12-10' }, started, TODAY).ok).toBe(true);
    expect(checkScheduleDates({ start: '2026-11-19', end: '2026-12-10' }, started, TODAY).ok).toBe(false);
  });
});

describe('the inputs', () => {
  it('start from the job dates and offer days from today, or from the job date when earlier', () => {
    expect(initialDates({ jobStartDate: '2026-12-01', jobEndDate: null })).toEqual({
      start: '2026-12-01',
      end: '',
    });
    expect(minDay(TODAY, null)).toBe(TODAY);
    expect(minDay(TODAY, '2026-11-20')).toBe('2026-11-20');
    expect(minDay(TODAY, '2026-12-20')).toBe(TODAY);
    expect(endMinDay(TODAY, null, '')).toBe(TODAY);
    expect(endMinDay(TODAY, null, '2026-12-02')).toBe('2026-12-02');
    expect(endMinDay(TODAY, '2026-11-20', '2026-11-10')).toBe('2026-11-20');
  });
});
