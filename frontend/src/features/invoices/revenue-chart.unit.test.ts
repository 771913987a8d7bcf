import { describe, expect, it } from 'vitest';
import { barShares, monthLabel } from './revenue-chart';

describe('revenue chart', () => {
  it('scales bars to the best month, and to nothing when no money came in', () => {
    expect(
      barShares([
        { month: '2026-10', cents: 50_000 },
        { month: '2026-11', cents: 200_000 },
      ]),
    ).toEqual([0.25, 1]);
    expect(barShares([{ month: '2026-10', cents: 0 }])).toEqual([0]);
    expect(barShares([])).toEqual([]);
  });
  it('names months', () => {
    expect(monthLabel('2026-11')).toBe('Nov 2026');
    expect(monthLabel('202601')).toBe('Jan 2026');
    expect(monthLabel('odd')).toBe('odd');
  });
});
