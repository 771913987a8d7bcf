import { describe, expect, it } from 'vitest';
import {
  canConfirm,
  clickDay,
  EMPTY_RANGE,
  rangeProblem,
  rangeRole,
  type ScheduleRange,
} from './schedule-range';

const clicks = (...days: string[]) => days.reduce<ScheduleRange>(clickDay, EMPTY_RANGE);

describe('Schedule Project mode clicks', () => {
  it('first click sets the start, second the end, a third starts over', () => {
    expect(clicks('2030-03-10')).toEqual({ start: '2030-03-10', end: null });
    expect(clicks('2030-03-10', '2030-03-14')).toEqual({ start: '2030-03-10', end: '2030-03-14' });
    expect(clicks('2030-03-10', '2030-03-14', '2030-03-20')).toEqual({ start: '2030-03-20', end: null });
    expect(clicks('2030-03-10', '2030-03-14', '2030-03-20', '2030-04-02')).toEqual({
      start: '2030-03-20',
      end: '2030-04-02',
    });
  });

  it('a second click before the start moves the start; on the start it makes a one-day job', () => {
    expect(clicks('2030-03-10', '2030-03-08')).toEqual({ start: '2030-03-08', end: null });
    expect(clicks('2030-03-10', '2030-03-08', '2030-03-09')).toEqual({
      start: '2030-03-08',
      end: '2030-03-09',
    });
    expect(clicks('2030-03-10', '2030-03-10')).toEqual({ start: '2030-03-10', end: '2030-03-10' });
  });

  it('marks the start, the end and the days between', () => {
    const range = clicks('2030-03-30', '2030-04-02');
    expect(rangeRole(range, '2030-03-30')).toBe('start');
    expect(rangeRole(range, '2030-03-31')).toBe('between');
    expect(rangeRole(range, '2030-04-01')).toBe('between');
    expect(rangeRole(range, '2030-04-02')).toBe('end');
    expect(rangeRole(range, '2030-03-29')).toBeNull();
    expect(rangeRole(range, '2030-04-03')).toBeNull();
    // Only a start: nothing between yet.
    expect(rangeRole(clicks('2030-03-30'), '2030-03-31')).toBeNull();
  });

  it('confirms only with a project and both dates, in order', () => {
    expect(canConfirm(null, clicks('2030-03-10', '2030-03-12'))).toBe(false);
    expect(canConfirm(7, clicks('2030-03-10'))).toBe(false);
    expect(canConfirm(7, clicks('2030-03-10', '2030-03-12'))).toBe(true);
    expect(rangeProblem(clicks('2030-03-10'))).toBe('Please select both start and end dates');
    expect(rangeProblem({ start: '2030-03-12', end: '2030-03-10' })).toBe(
      'Start date must be before end date',
    );
    expect(rangeProblem({ start: '2030-03-12', end: '2030-03-12' })).toBeNull();
  });
});
