import { describe, expect, it } from 'vitest';
import { cardTarget, STAT_CARDS } from './figures';

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
});
