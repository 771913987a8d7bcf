import { describe, expect, it } from 'vitest';
import { isFiltered, NO_OPTIONS, showingText, visibleEstimates } from './estimate-list';
import { sampleEstimate } from './sample-estimate';

const cabin = sampleEstimate({
  id: 1,
  title: 'Cabin Starlink',
  cameraType: 'none',
  cameraCount: 0,
  starlinkInstall: true,
  clientName: 'Ada Willow',
  location: 'Willow',
  totalCents: 80_000,
  createdAt: '2030-01-03T00:00:00.000Z',
});
const lodge = sampleEstimate({
  id: 2,
  title: 'lodge cameras',
  totalCents: 150_000,
  clientName: 'Kenai Lodge',
  createdAt: '2030-01-01T00:00:00.000Z',
});
const both = sampleEstimate({
  id: 3,
  title: 'Bunkhouse',
  starlinkInstall: true,
  clientName: null,
  quoteNumber: 'NGS654321',
  totalCents: 90_000,
  createdAt: '2030-01-02T00:00:00.000Z',
});
const all = [lodge, cabin, both];
const ids = (list: { id: number }[]) => list.map((e) => e.id);

describe('All Estimates', () => {
  it('sorts newest first, by cost, or by title', () => {
    expect(ids(visibleEstimates(all, NO_OPTIONS))).toEqual([1, 3, 2]);
    expect(ids(visibleEstimates(all, { ...NO_OPTIONS, sort: 'cost' }))).toEqual([2, 3, 1]);
    expect(ids(visibleEstimates(all, { ...NO_OPTIONS, sort: 'title' }))).toEqual([3, 1, 2]);
  });

  it('filters Starlink and camera quotes', () => {
    expect(ids(visibleEstimates(all, { ...NO_OPTIONS, filter: 'starlink' }))).toEqual([1, 3]);
    expect(ids(visibleEstimates(all, { ...NO_OPTIONS, filter: 'cameras' }))).toEqual([3, 2]);
  });

  it('searches title, client, place and quote number, every word', () => {
    expect(ids(visibleEstimates(all, { ...NO_OPTIONS, search: 'WILLOW' }))).toEqual([1]);
    expect(ids(visibleEstimates(all, { ...NO_OPTIONS, search: 'ngs654' }))).toEqual([3]);
    expect(ids(visibleEstimates(all, { ...NO_OPTIONS, search: 'kenai cameras' }))).toEqual([2]);
    expect(ids(visibleEstimates(all, { ...NO_OPTIONS, search: 'kenai starlink' }))).toEqual([]);
  });

  it('says what is shown', () => {
    expect(isFiltered(NO_OPTIONS)).toBe(false);
    expect(isFiltered({ ...NO_OPTIONS, sort: 'cost' })).toBe(false);
    expect(isFiltered({ ...NO_OPTIONS, search: ' x ' })).toBe(true);
    expect(showingText(1, 1)).toBe('Showing 1 of 1 estimate');
    expect(showingText(0, 3)).toBe('Showing 0 of 3 estimates');
  });
});
