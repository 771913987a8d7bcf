import type { TProject } from '@app/contracts/api/projects';
import { describe, expect, it } from 'vitest';
import { sampleProject } from '../sample-project';
import {
  byLastUpdate,
  isFiltered,
  NO_FILTERS,
  showingText,
  trackingCounts,
  visibleProjects,
} from './tracking-list';

const project = (overrides: Partial<TProject> = {}): TProject =>
  sampleProject({ description: 'Eight cameras around the lodge', ...overrides });

describe('trackingCounts', () => {
  it('counts five buckets, pending holding pending and approved', () => {
    const all = [
      project({ status: 'pending' }),
      project({ status: 'approved' }),
      project({ status: 'in_progress' }),
      project({ status: 'completed' }),
      project({ status: 'completed' }),
      project({ status: 'cancelled' }),
    ];
    expect(trackingCounts(all)).toEqual({ total: 6, pending: 2, in_progress: 1, completed: 2, cancelled: 1 });
    expect(trackingCounts([])).toEqual({ total: 0, pending: 0, in_progress: 0, completed: 0, cancelled: 0 });
  });
});

describe('visibleProjects', () => {
  const lodge = project();
  const cabin = project({
    title: 'Cabin internet',
    clientName: 'Talkeetna Cabins',
    description: 'Starlink dish',
    type: 'starlink',
    status: 'in_progress',
  });
  const all = [lodge, cabin];

  it('shows everything without filters', () => {
    expect(visibleProjects(all, NO_FILTERS)).toEqual(all);
  });

  it('searches title, client and description, every word, any case', () => {
    expect(visibleProjects(all, { ...NO_FILTERS, search: 'talkeetna' })).toEqual([cabin]);
    expect(visibleProjects(all, { ...NO_FILTERS, search: 'STARLINK dish' })).toEqual([cabin]);
    expect(visibleProjects(all, { ...NO_FILTERS, search: 'lodge dish' })).toEqual([]);
    expect(visibleProjects(all, { ...NO_FILTERS, search: '  ' })).toEqual(all);
  });

  it('narrows by status and by type', () => {
    expect(visibleProjects(all, { ...NO_FILTERS, status: 'in_progress' })).toEqual([cabin]);
    expect(visibleProjects(all, { ...NO_FILTERS, type: 'security_cameras' })).toEqual([lodge]);
    expect(visibleProjects(all, { search: '', status: 'pending', type: 'starlink' })).toEqual([]);
  });
});

describe('isFiltered', () => {
  it('is true when any filter is set', () => {
    expect(isFiltered(NO_FILTERS)).toBe(false);
    expect(isFiltered({ ...NO_FILTERS, search: 'x' })).toBe(true);
    expect(isFiltered({ ...NO_FILTERS, type: 'starlink' })).toBe(true);
  });
});

describe('byLastUpdate', () => {
  it('puts the latest change first', () => {
    const old = project({ updatedAt: '2030-01-01T10:00:00.000Z' });
    const recent = project({ updatedAt: '2030-02-01T10:00:00.000Z' });
    expect(byLastUpdate([old, recent])).toEqual([recent, old]);
  });
});

describe('showingText', () => {
  it('reads Showing X of Y jobs', () => {
    expect(showingText(2, 5)).toBe('Showing 2 of 5 jobs');
    expect(showingText(0, 1)).toBe('Showing 0 of 1 jobs');
  });
});
