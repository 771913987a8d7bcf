import { describe, expect, it } from 'vitest';
import { showing } from './showing';

describe('showing', () => {
  const invoices = showing('invoice', 'invoices');
  it('names one or many, and a total the server stopped counting at as a lower bound', () => {
    expect(invoices(1, 1)).toBe('Showing 1 of 1 invoice');
    expect(invoices(0, 0)).toBe('Showing 0 of 0 invoices');
    expect(invoices(50, 130)).toBe('Showing 50 of 130 invoices');
    expect(invoices(50, 1000, true)).toBe('Showing 50 of 1000+ invoices');
  });
});
