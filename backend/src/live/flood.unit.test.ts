import { describe, expect, it } from 'vitest';
import { FloodGauge } from './flood.ts';

describe('FloodGauge', () => {
  it('takes 20 frames within a second and refuses the 21st', () => {
    const gauge = new FloodGauge(20);
    for (let i = 0; i < 20; i++) expect(gauge.take(1000 + i * 10)).toBe(true);
    expect(gauge.take(1199)).toBe(false);
  });

  it('takes frames for ever at a steady 20 a second', () => {
    const gauge = new FloodGauge(20);
    for (let i = 0; i < 200; i++) expect(gauge.take(i * 50)).toBe(true);
  });

  it('looks at any second, not calendar seconds: 20 at the end of one and 1 at the start of the next is too many', () => {
    const gauge = new FloodGauge(20);
    expect(gauge.take(0)).toBe(true);
    for (let i = 0; i < 19; i++) expect(gauge.take(990 + i)).toBe(true);
    // 20 frames in [990, 1008]; the first (at 0) is more than a second old, so one more fits, a second not.
    expect(gauge.take(1010)).toBe(true);
    expect(gauge.take(1011)).toBe(false);
  });
});
