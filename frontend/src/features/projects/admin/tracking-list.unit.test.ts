import { describe, expect, it } from 'vitest';
import { isFiltered, NO_FILTERS, showingText, trackingParams } from './tracking-list';

describe('trackingParams', () => {
  it('asks the server for what is filtered, nothing for "all" or an empty search', () => {
    expect(trackingParams(NO_FILTERS)).toEqual({});
    expect(trackingParams({ search: '  lodge dish ', status: 'in_progress', type: 'all' })).toEqual({
      q: 'lodge dish',
      status: 'in_progress',
    });
    expect(trackingParams({ search: '', status: 'all', type: 'starlink' })).toEqual({ type: 'starlink' });
  });
});

describe('isFiltered', () => {
  it('is true once a search word or a filter is set', () => {
    expect(isFiltered(NO_FILTERS)).toBe(false);
    expect(isFiltered({ ...NO_FILTERS, search: '  ' })).toBe(false);
    expect(isFiltered({ ...NO_FILTERS, search: 'x' })).toBe(true);
    expect(isFiltered({ ...NO_FILTERS, type: 'website_development' })).toBe(true);
  });
});

describe('showingText', () => {
  it('writes the footer as the spec does', () => {
    expect(showingText(1, 12)).toBe('Showing 1 of 12 jobs');
  });
});
