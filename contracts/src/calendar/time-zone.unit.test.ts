import { describe, expect, it } from 'vitest';
import { localToUtc, utcToLocal } from './time-zone.ts';

const formatters = new Map<string, Intl.DateTimeFormat>();
/** The local date and time of an instant as Intl tells it, asked afresh (no kept offsets). */
function intlLocal(ms: number, timeZone: string) {
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
    });
    formatters.set(timeZone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

const MINUTE = 60_000;

describe('time-zone conversion with kept offsets', () => {
  // Anchorage (changes at 02:00 local), Lord Howe (a half-hour change at 02:00 local, off the UTC hour) and
  // Kathmandu (+05:45): every 20 minutes through 2027, twice (the second pass answers from kept offsets).
  for (const timeZone of ['America/Anchorage', 'Australia/Lord_Howe', 'Asia/Kathmandu']) {
    it(`${timeZone}: utcToLocal agrees with Intl at every step, and localToUtc turns it back`, () => {
      const from = Date.UTC(2027, 0, 1);
      const to = Date.UTC(2028, 0, 1);
      for (let pass = 0; pass < 2; pass++) {
        for (let ms = from; ms < to; ms += 20 * MINUTE) {
          const local = utcToLocal(new Date(ms), timeZone);
          expect(local).toEqual(intlLocal(ms, timeZone));
          const back = localToUtc(local.date, local.time, timeZone).getTime();
          // A repeated local time maps to its earlier instant; otherwise exactly back.
          if (back !== ms) {
            expect(back).toBeLessThan(ms);
            expect(intlLocal(back, timeZone)).toEqual(local);
          }
        }
      }
    });
  }

  it('still moves a skipped Anchorage time forward by the gap, from kept offsets', () => {
    for (let pass = 0; pass < 2; pass++) {
      expect(localToUtc('2027-03-14', '02:30').toISOString()).toBe('2027-03-14T11:30:00.000Z');
      expect(utcToLocal('2027-03-14T11:30:00.000Z')).toEqual({ date: '2027-03-14', time: '03:30' });
      expect(localToUtc('2027-11-07', '01:30').toISOString()).toBe('2027-11-07T09:30:00.000Z');
    }
  });
});
