import { describe, expect, it } from 'vitest';
import { dayHeading, shiftDay } from './day';

describe('notes days', () => {
  it('steps across months, years and leap days', () => {
    expect(shiftDay('2030-01-31', 1)).toBe('2030-02-01');
    expect(shiftDay('2030-01-01', -1)).toBe('2029-12-31');
    expect(shiftDay('2028-02-28', 1)).toBe('2028-02-29');
    expect(shiftDay('2030-03-10', 7)).toBe('2030-03-17');
  });

  it('names the days around today and dates the others', () => {
    expect(dayHeading('2030-01-15', '2030-01-15')).toBe('Today');
    expect(dayHeading('2030-01-14', '2030-01-15')).toBe('Yesterday');
    expect(dayHeading('2030-01-16', '2030-01-15')).toBe('Tomorrow');
    expect(dayHeading('2030-01-20', '2030-01-15')).toBe('Sun, Jan 20, 2030');
  });
});
