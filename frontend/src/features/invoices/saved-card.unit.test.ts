import { describe, expect, it } from 'vitest';
import { cardExpired, cardLabel, expiryText } from './saved-card';

describe('the saved card as the portal shows it', () => {
  it('names the brand as people write it, with the last 4 digits', () => {
    expect(cardLabel({ brand: 'visa', last4: '4242' })).toBe('Visa •••• 4242');
    expect(cardLabel({ brand: 'amex', last4: '0005' })).toBe('American Express •••• 0005');
    expect(cardLabel({ brand: 'unknown', last4: '1234' })).toBe('Card •••• 1234');
    expect(cardLabel({ brand: 'cartes_bancaires', last4: '1234' })).toBe('cartes_bancaires •••• 1234');
  });

  it('writes the expiry as MM/YYYY, and nothing when it is not known', () => {
    expect(expiryText({ expMonth: 3, expYear: 2031 })).toBe('Expires 03/2031');
    expect(expiryText({ expMonth: 12, expYear: 2030 })).toBe('Expires 12/2030');
    expect(expiryText({ expMonth: null, expYear: null })).toBeNull();
  });

  it('a card is good through the last day of its expiry month', () => {
    const card = { expMonth: 11, expYear: 2026 };
    expect(cardExpired(card, new Date(2026, 10, 30))).toBe(false);
    expect(cardExpired(card, new Date(2026, 11, 1))).toBe(true);
    expect(cardExpired({ expMonth: null, expYear: null }, new Date(2099, 0, 1))).toBe(false);
  });
});
