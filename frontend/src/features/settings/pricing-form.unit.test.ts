import { DEFAULT_SETTINGS } from '@app/contracts/api/settings';
import { describe, expect, it } from 'vitest';
import {
  canAddService,
  newPropertyType,
  newServiceId,
  numberOr,
  pricingDraft,
  pricingFromDraft,
  withService,
} from './pricing-form';

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
    const apartment = draft.multipliers.find((row) => row.propertyType === 'apartment')!;
    apartment.value = '';
    draft.services.push({ id: 's2', name: ' Mount ', price: '', description: '' });
    const pricing = pricingFromDraft(draft);
    expect(pricing.wiredCameraPrice).toBe(0);
    expect(pricing.propertyTypeMultipliers.apartment).toBe(1);
    expect(pricing.customServices.at(-1)).toEqual({ id: 's2', name: 'Mount', price: 0, description: '' });
  });
});

describe('newPropertyType', () => {
  const draft = pricingDraft(DEFAULT_SETTINGS.pricing);

  it('writes the typed name as the built-in keys are', () => {
    expect(newPropertyType(draft, '  Cabin ')).toBe('cabin');
    expect(newPropertyType(draft, 'Fishing  Lodge')).toBe('fishing_lodge');
  });

  it('refuses empty and existing names', () => {
    expect(newPropertyType(draft, '  ')).toBeNull();
    expect(newPropertyType(draft, 'Warehouse')).toBeNull();
    expect(newPropertyType(draft, 'Commercial Small')).toBeNull();
  });
});

describe('adding a service', () => {
  const draft = pricingDraft(DEFAULT_SETTINGS.pricing);

  it('needs a trimmed name and a price', () => {
    expect(canAddService({ name: 'Snow guard', price: '49.99', description: '' })).toBe(true);
    expect(canAddService({ name: '   ', price: '49.99', description: '' })).toBe(false);
    expect(canAddService({ name: 'Snow guard', price: ' ', description: '' })).toBe(false);
    expect(canAddService({ name: 'Snow guard', price: 'abc', description: '' })).toBe(false);
    expect(canAddService({ name: 'Snow guard', price: '0', description: '' })).toBe(true);
  });

  it('names the new service by its words, numbered when the id is taken', () => {
    expect(newServiceId(' Snow Guard & Heat Tape ', draft)).toBe('snow-guard-heat-tape');
    expect(newServiceId('System Training', draft)).toBe('system-training-2');
    expect(newServiceId('!!!', draft)).toBe('service');
  });

  it('adds it trimmed, after the others', () => {
    const added = withService(draft, { name: ' Snow guard ', price: '49.99 ', description: ' roof ' });
    expect(added.services.at(-1)).toEqual({
      id: 'snow-guard',
      name: 'Snow guard',
      price: '49.99',
      description: 'roof',
    });
    expect(added.services).toHaveLength(draft.services.length + 1);
  });
});
