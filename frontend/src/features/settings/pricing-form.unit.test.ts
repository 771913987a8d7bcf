import { DEFAULT_SETTINGS } from '@app/contracts/api/settings';
import { describe, expect, it } from 'vitest';
import { newPropertyType, numberOr, pricingDraft, pricingFromDraft } from './pricing-form';

describe('numberOr', () => {
  it('reads decimals', () => {
    expect(numberOr('2.75', 0)).toBe(2.75);
  });

  it('falls back on empty or unreadable entries', () => {
    expect(numberOr('', 0)).toBe(0);
    expect(numberOr('abc', 1)).toBe(1);
  });
});

describe('the pricing draft', () => {
  it('round-trips the saved pricing', () => {
    const pricing = {
      ...DEFAULT_SETTINGS.pricing,
      customServices: [{ id: 's1', name: 'Snow guard', price: 49.99, description: 'Keeps snow off' }],
    };
    expect(pricingFromDraft(pricingDraft(pricing))).toEqual(pricing);
  });

  it('saves cleared prices as 0 and cleared multipliers as 1', () => {
    const draft = pricingDraft(DEFAULT_SETTINGS.pricing);
    draft.prices.wiredCameraPrice = '';
    draft.multipliers[0]!.value = '';
    draft.services.push({ id: 's2', name: ' Mount ', price: '', description: '' });
    const pricing = pricingFromDraft(draft);
    expect(pricing.wiredCameraPrice).toBe(0);
    expect(pricing.propertyTypeMultipliers.residential).toBe(1);
    expect(pricing.customServices).toEqual([{ id: 's2', name: 'Mount', price: 0, description: '' }]);
  });
});

describe('newPropertyType', () => {
  const draft = pricingDraft(DEFAULT_SETTINGS.pricing);

  it('normalises the typed name', () => {
    expect(newPropertyType(draft, '  Cabin ')).toBe('cabin');
  });

  it('refuses empty and existing names', () => {
    expect(newPropertyType(draft, '  ')).toBeNull();
    expect(newPropertyType(draft, 'Commercial')).toBeNull();
  });
});
