import type { TProject } from '@app/contracts/api/projects';
import { describe, expect, it } from 'vitest';
import { changedFields, draftOf, photosWithout, saveBody, syncsCalendar } from './project-draft';
import { sampleProject } from './sample-project';

const photo = (name: string) => ({
  url: `/files/${name}.jpg`,
  thumbnailUrl: `/files/${name}-thumb.jpg`,
  name: `${name}.png`,
  uploadedAt: '2030-01-01T10:00:00.000Z',
});

const project = (overrides: Partial<TProject> = {}): TProject =>
  sampleProject({
    id: 7,
    clientId: 3,
    description: 'Eight cameras',
    photos: [photo('a'), photo('b')],
    ...overrides,
  });

describe('saveBody', () => {
  it('sends the fields of the spec, empty dates as null, and the photos the server holds', () => {
    const draft = { ...draftOf(project()), status: 'in_progress' as const, progress: '40' };
    expect(saveBody(draft, ['/files/a.jpg'])).toEqual({
      ok: true,
      body: {
        title: 'Lodge cameras',
        type: 'security_cameras',
        jobStartDate: null,
        jobEndDate: null,
        notes: '',
        status: 'in_progress',
        progress: 40,
        photos: ['/files/a.jpg'],
      },
    });
  });

  it('refuses a blank title or an end before the start with the contract message', () => {
    expect(saveBody({ ...draftOf(project()), title: '  ' }, [])).toEqual({
      ok: false,
      problem: 'Title is required',
    });
    const backwards = { ...draftOf(project()), jobStartDate: '2030-02-10', jobEndDate: '2030-02-01' };
    expect(saveBody(backwards, [])).toEqual({ ok: false, problem: 'Start date must be before end date' });
  });

  it('refuses progress outside 0 to 100', () => {
    expect(saveBody({ ...draftOf(project()), progress: '120' }, [])).toEqual({
      ok: false,
      problem: 'Progress is 0 to 100',
    });
  });
});

describe('changedFields', () => {
  it('is null when nothing changed', () => {
    expect(changedFields(project(), draftOf(project()))).toBeNull();
  });

  it('sends only what changed', () => {
    const draft = { ...draftOf(project()), status: 'in_progress' as const, jobEndDate: '2030-03-01' };
    expect(changedFields(project(), draft)).toEqual({
      ok: true,
      body: { status: 'in_progress', jobEndDate: '2030-03-01' },
    });
  });

  it('clears a date as null and checks the order against the unchanged date', () => {
    const dated = project({ jobStartDate: '2030-03-10', jobEndDate: '2030-03-12' });
    expect(changedFields(dated, { ...draftOf(dated), jobEndDate: '' })).toEqual({
      ok: true,
      body: { jobEndDate: null },
    });
    expect(changedFields(dated, { ...draftOf(dated), jobEndDate: '2030-03-01' })).toEqual({
      ok: false,
      problem: 'Start date must be before end date',
    });
  });
});

describe('syncsCalendar', () => {
  it('asks for a calendar sync when either date is set', () => {
    expect(syncsCalendar({ jobStartDate: '2030-03-10', jobEndDate: null })).toBe(true);
    expect(syncsCalendar({ jobStartDate: null, jobEndDate: '2030-03-10' })).toBe(true);
    expect(syncsCalendar({ jobStartDate: null, jobEndDate: null, status: 'completed' })).toBe(false);
  });
});

describe('photosWithout', () => {
  it('keeps every photo but the removed one', () => {
    expect(photosWithout(project(), '/files/a.jpg')).toEqual(['/files/b.jpg']);
  });
});
