import { describe, expect, it } from 'vitest';
import { parsePortalSearch } from './portal-search';

describe('parsePortalSearch', () => {
  it('reads a positive whole client id, as a number or as text', () => {
    expect(parsePortalSearch({ clientId: 7 })).toEqual({ clientId: 7 });
    expect(parsePortalSearch({ clientId: '12' })).toEqual({ clientId: 12 });
  });

  it('answers null for a client id that is not one, so the page can say so', () => {
    for (const clientId of ['abc', '1.5', 0, -3, 2.5, '99999999999999999999', { a: 1 }])
      expect(parsePortalSearch({ clientId })).toEqual({ clientId: null });
  });

  it('answers the key even without a client id (the router would keep a raw value otherwise)', () => {
    for (const clientId of [undefined, '']) {
      const parsed = parsePortalSearch({ clientId });
      expect(parsed).toEqual({ clientId: undefined });
      expect(Object.keys(parsed)).toEqual(['clientId']);
    }
  });
});
