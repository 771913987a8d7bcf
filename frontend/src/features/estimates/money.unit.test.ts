import { describe, expect, it } from 'vitest';
import { formatCents, formatDollars } from './money';

describe("estimates' money", () => {
  it('shows whole dollars without decimals', () => {
    expect(formatCents(0)).toBe('$0');
    expect(formatCents(110_000)).toBe('$1,100');
    expect(formatCents(123_456_700)).toBe('$1,234,567');
  });

  it('keeps the cents when there are any', () => {
    expect(formatCents(123_450)).toBe('$1,234.50');
    expect(formatCents(5)).toBe('$0.05');
  });

  it('writes dollar prices the same way', () => {
    expect(formatDollars(599)).toBe('$599');
    expect(formatDollars(2.5)).toBe('$2.50');
    expect(formatDollars(0.1 + 0.2)).toBe('$0.30');
  });
});
