import { describe, expect, it } from 'vitest';
import { at, withBusinessClock } from './clock.ts';

const RealDate = Date;
const YEAR_AGO = RealDate.now() - 365 * 86_400_000;
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('the business clock', () => {
  it('gives each command the moment it runs at, across awaits, while concurrent ones keep their own', async () => {
    await withBusinessClock(async () => {
      const seen = await Promise.all(
        [0, 1, 2].map((d) =>
          at(YEAR_AGO + d * 86_400_000, async () => {
            await tick();
            return [Date.now(), Date.parse(new Date().toISOString())];
          }),
        ),
      );
      seen.forEach((times, d) => {
        for (const t of times) expect(Math.abs(t - (YEAR_AGO + d * 86_400_000))).toBeLessThan(1_000);
      });
      // Outside a command the time is the real one, and dates stay dates whatever made them.
      expect(Math.abs(Date.now() - RealDate.now())).toBeLessThan(100);
      expect(new RealDate() instanceof Date).toBe(true);
      expect(new Date(5).getTime()).toBe(5);
      expect(typeof Date()).toBe('string');
    });
    expect(globalThis.Date).toBe(RealDate);
  });
});
