import { describe, expect, it } from 'vitest';
import { formatDay, formatInstant, statusLabel, today, typeLabel } from './labels';

describe('labels', () => {
  it('names statuses and types, and shows unknown values as sent', () => {
    expect(statusLabel('in_progress')).toBe('In Progress');
    expect(statusLabel('on_hold')).toBe('on_hold');
    expect(typeLabel('security_cameras')).toBe('Security Cameras');
    expect(typeLabel('website_development')).toBe('Website');
  });

  it('shows a day as written whatever the time zone, and a missing day as Not set', () => {
    expect(formatDay('2030-01-15')).toBe('Jan 15, 2030');
    expect(formatDay(null)).toBe('Not set');
    expect(formatDay('soon')).toBe('soon');
  });

  it('shows an instant in the given time zone', () => {
    expect(formatInstant('2030-01-15T20:30:00.000Z', 'America/Anchorage')).toBe('Jan 15, 2030, 11:30 AM');
  });

  it('answers today in the given time zone', () => {
    const lateEvening = new Date('2030-01-16T07:30:00.000Z');
    expect(today(lateEvening, 'America/Anchorage')).toBe('2030-01-15');
    expect(today(lateEvening, 'UTC')).toBe('2030-01-16');
  });
});
