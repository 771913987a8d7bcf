import { describe, expect, it } from 'vitest';
import { clientCountText, showingClientsText } from './client-list';

describe('the Clients view texts', () => {
  it('counts clients, one or many, found by a search or not', () => {
    expect(clientCountText(1)).toBe('1 client');
    expect(clientCountText(0)).toBe('0 clients');
    expect(clientCountText(12, 'found')).toBe('12 clients found');
    expect(clientCountText(1000, 'found', true)).toBe('1000+ clients found');
  });

  it('says how many of the list are shown', () => {
    expect(showingClientsText(24, 130)).toBe('Showing 24 of 130 clients');
    // A search the server stopped counting at.
    expect(showingClientsText(50, 1000, true)).toBe('Showing 50 of 1000+ clients');
  });
});
