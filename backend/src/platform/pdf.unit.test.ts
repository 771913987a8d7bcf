import { describe, expect, it } from 'vitest';
import { bothZones, wrap } from './pdf.ts';

const chars = (s: string) => s.length;

describe('PDF writing', () => {
  it('shows a time in Alaska (standard or daylight) and in UTC', () => {
    expect(bothZones('2026-01-15T20:00:00.000Z')).toBe(
      'Jan 15, 2026, 11:00:00 AM AKST (America/Anchorage) / 2026-01-15 20:00:00 UTC',
    );
    expect(bothZones('2026-07-04T18:00:00.000Z')).toContain('10:00:00 AM AKDT');
  });

  it('wraps by width, keeps line breaks and cuts a word longer than the line', () => {
    expect(wrap('aa bb cc', chars, 5)).toEqual(['aa bb', 'cc']);
    expect(wrap('one\ntwo', chars, 10)).toEqual(['one', 'two']);
    expect(wrap('abcdefghij', chars, 4)).toEqual(['abcd', 'efgh', 'ij']);
    expect(wrap('', chars, 4)).toEqual(['']);
  });
});
