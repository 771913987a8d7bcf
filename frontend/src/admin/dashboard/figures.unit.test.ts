import { describe, expect, it } from 'vitest';
import { cardTarget, formatUsd, STAT_CARDS } from './figures';

describe('dashboard figures', () => {
  it('has the four cards of the spec in order', () => {
    expect(STAT_CARDS.map((card) => card.label)).toEqual([
      'Total Clients',
      'Active Projects',
      'Pending Documents',
      'Pending Payments',
    ]);
  });

  it('opens only views that exist', () => {
    const landed = [{ id: 'clients' as const }, { id: 'tracking' as const }];
    expect(STAT_CARDS.map((card) => cardTarget(card, landed))).toEqual(['clients', 'tracking', null, null]);
  });

  it('shows money in dollars with 2 decimals', () => {
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(12_345.678)).toBe('$12,345.68');
  });
});
