import { describe, expect, it } from 'vitest';
import { formatDate, formatDay, formatInstant, formatTime, formatUsd, today } from './format';

describe('format', () => {
  it('shows a day as written whatever the time zone, a missing day as Not set, a non-day as sent', () => {
    expect(formatDay('2030-01-15')).toBe('Jan 15, 2030');
    expect(formatDay(null)).toBe('Not set');
    expect(formatDay('soon')).toBe('soon');
    expect(formatDay('not a day')).toBe('not a day');
  });

  it('shows an instant, its day and its time in the given time zone', () => {
    expect(formatInstant('2030-01-15T20:30:00.000Z', 'America/Anchorage')).toBe('Jan 15, 2030, 11:30 AM');
    expect(formatDate('2030-01-16T05:00:00.000Z', 'America/Anchorage')).toBe('Jan 15, 2030');
    expect(formatDate('later')).toBe('later');
    expect(formatTime('2030-01-15T20:30:00.000Z', 'America/Anchorage')).toBe('11:30 AM');
  });

  it('answers today in the given time zone, or the local calendar', () => {
    const lateEvening = new Date('2030-01-16T07:30:00.000Z');
    expect(today(lateEvening, 'America/Anchorage')).toBe('2030-01-15');
    expect(today(lateEvening, 'UTC')).toBe('2030-01-16');
    expect(today(new Date(2030, 0, 5, 23, 59))).toBe('2030-01-05');
  });

  it('shows money in dollars with 2 decimals', () => {
    expect(formatUsd(1234.5)).toBe('$1,234.50');
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(12_345.678)).toBe('$12,345.68');
  });
});
