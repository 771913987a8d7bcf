import { describe, expect, it } from 'vitest';
import {
  businessToday,
  cellEntry,
  clockLabel,
  dayForKey,
  dayLabel,
  monthRange,
  monthTitle,
  monthWeeks,
  shiftMonth,
  shortClock,
  upcomingRange,
  weekday,
} from './calendar-days';

describe('calendar days', () => {
  it('lays a month out in whole Sunday-first weeks', () => {
    // February 2026 starts on a Sunday and ends on a Saturday: exactly four weeks.
    const feb = monthWeeks('2026-02');
    expect(feb).toHaveLength(4);
    expect(feb[0]![0]).toBe('2026-02-01');
    expect(feb[3]![6]).toBe('2026-02-28');
    // March 2026: Sunday the 1st to Tuesday the 31st, padded to Saturday April 4.
    const mar = monthWeeks('2026-03');
    expect(mar).toHaveLength(5);
    expect(mar[0]![0]).toBe('2026-03-01');
    expect(mar[4]).toEqual([
      '2026-03-29',
      '2026-03-30',
      '2026-03-31',
      '2026-04-01',
      '2026-04-02',
      '2026-04-03',
      '2026-04-04',
    ]);
    // August 2026 starts on a Saturday and needs six weeks.
    const aug = monthWeeks('2026-08');
    expect(aug).toHaveLength(6);
    expect(aug[0]![0]).toBe('2026-07-26');
    expect(aug[0]![6]).toBe('2026-08-01');
    expect(aug[5]![6]).toBe('2026-09-05');
    for (const week of [...feb, ...mar, ...aug]) {
      expect(week).toHaveLength(7);
      expect(weekday(week[0]!)).toBe(0);
    }
    expect(monthRange('2026-08')).toEqual({ from: '2026-07-26', to: '2026-09-05' });
  });

  it('steps months across years, and names them', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-05', 14)).toBe('2027-07');
    expect(monthTitle('2026-11')).toBe('November 2026');
  });

  it('reads today in Anchorage, not in the viewer’s zone', () => {
    // 07:30 UTC on Jan 16 is still Jan 15 in Anchorage (UTC-9).
    expect(businessToday(new Date('2030-01-16T07:30:00Z'))).toBe('2030-01-15');
    expect(businessToday(new Date('2030-01-16T09:30:00Z'))).toBe('2030-01-16');
    // Summer: UTC-8.
    expect(businessToday(new Date('2030-07-16T07:30:00Z'))).toBe('2030-07-15');
    expect(businessToday(new Date('2030-07-16T08:30:00Z'))).toBe('2030-07-16');
  });

  it('says Today and Tomorrow against the Anchorage day, else the date', () => {
    const today = businessToday(new Date('2030-01-16T07:30:00Z'));
    expect(dayLabel('2030-01-15', today)).toBe('Today');
    expect(dayLabel('2030-01-16', today)).toBe('Tomorrow');
    expect(dayLabel('2030-01-17', today)).toBe('Thu, Jan 17, 2030');
    expect(dayLabel('2030-01-14', today)).toBe('Mon, Jan 14, 2030');
    // Across a month and a year.
    expect(dayLabel('2031-01-01', '2030-12-31')).toBe('Tomorrow');
  });

  it('gives the upcoming ranges, today included', () => {
    expect(upcomingRange('2030-12-28', 7)).toEqual({ from: '2030-12-28', to: '2031-01-03' });
    expect(upcomingRange('2030-01-15', 30)).toEqual({ from: '2030-01-15', to: '2030-02-13' });
  });

  it('writes clock times as people read them', () => {
    expect(clockLabel('00:05')).toBe('12:05 AM');
    expect(clockLabel('09:00')).toBe('9:00 AM');
    expect(clockLabel('12:30')).toBe('12:30 PM');
    expect(clockLabel('17:45')).toBe('5:45 PM');
  });

  it('moves through the grid by arrow keys, across months', () => {
    expect(dayForKey('2026-03-31', 'ArrowRight')).toBe('2026-04-01');
    expect(dayForKey('2026-03-01', 'ArrowLeft')).toBe('2026-02-28');
    expect(dayForKey('2026-03-04', 'ArrowUp')).toBe('2026-02-25');
    expect(dayForKey('2026-03-30', 'ArrowDown')).toBe('2026-04-06');
    // Wednesday March 4, 2026: its week runs Sunday March 1 to Saturday March 7.
    expect(dayForKey('2026-03-04', 'Home')).toBe('2026-03-01');
    expect(dayForKey('2026-03-04', 'End')).toBe('2026-03-07');
    expect(dayForKey('2026-03-04', 'Enter')).toBeNull();
  });
});

describe('cellEntry', () => {
  it('writes the time as a month cell has room for, then the client (the title without one)', () => {
    expect(shortClock('09:00')).toBe('9am');
    expect(shortClock('00:30')).toBe('12:30am');
    expect(shortClock('12:00')).toBe('12pm');
    expect(shortClock('13:05')).toBe('1:05pm');
    expect(cellEntry({ time: '15:15', clientName: 'Tanana Lodge', title: 'Review' })).toBe(
      '3:15pm Tanana Lodge',
    );
    expect(cellEntry({ time: '08:00', title: 'Project Start: Dock' })).toBe('8am Project Start: Dock');
  });
});
