import { describe, expect, it } from 'vitest';
import { parsePortalSearch } from './portal-search';

describe('parsePortalSearch', () => {
  it('reads a positive whole client id, as a number or as text', () => {
    expect(parsePortalSearch({ clientId: 7 })).toEqual({ clientId: 7 });
    expect(parsePortalSearch({ clientId: '12' })).toEqual({ clientId: 12 });
  });

  it('treats anything else as no client id', () => {
    for (const clientId of [undefined, '', 'abc', '1.5', 0, -3, 2.5, '99999999999999999999'])
      expect(parsePortalSearch({ clientId })).toEqual({});
  });
});
