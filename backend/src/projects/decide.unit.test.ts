import { ZCreateProjectBody } from '@app/contracts/api/projects';
import type { TProjectEvent } from '@app/contracts/events/projects';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../platform/errors.ts';
import {
  addPhotos,
  changeProject,
  createProject,
  deleteProject,
  type ProjectPatch,
  projectDecider,
} from './decide.ts';

const created: TProjectEvent = {
  type: 'ProjectCreated',
  data: {
    projectId: 7,
    clientId: 3,
    clientName: 'Kenai Lodge',
    title: 'Cameras at the lodge',
    description: '',
    type: 'security_cameras',
    status: 'pending',
    totalAmount: null,
    estimatedCost: 2400,
    timeline: null,
    jobStartDate: '2026-06-01',
    jobEndDate: '2026-06-03',
    progress: 0,
    notes: '',
  },
};
/** How the API names a photo the project holds: what a PATCH lists to keep it. */
const address = (p: { file: string }) => `/api/files/photos/${p.file}`;
const photo = (n: number) => ({
  file: `${String(n).repeat(64)}.jpg`,
  thumbnail: `${String(n).repeat(64)}.jpg`,
  name: `IMG_${n}.jpg`,
});
const photoAdded = (n: number): TProjectEvent => ({
  type: 'ProjectPhotoAdded',
  data: { projectId: 7, ...photo(n) },
});
const given = (events: TProjectEvent[]) => events.reduce(projectDecider.evolve, projectDecider.initial);
const change = (events: TProjectEvent[], patch: ProjectPatch) => changeProject(given(events), { patch });
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    if (err instanceof DomainError) return { status: err.status, message: err.message };
    throw err;
  }
  throw new Error('expected a refusal');
};

describe('creating a project', () => {
  const body = ZCreateProjectBody.parse({ clientId: 3, title: 'Starlink on the cabin', type: 'starlink' });

  it('records it for an existing client with the contract defaults and the client name', () => {
    const events = createProject(given([]), { projectId: 9, client: { id: 3, name: 'Kenai Lodge' }, body });
    expect(events).toEqual([
      {
        type: 'ProjectCreated',
        data: {
          projectId: 9,
          clientId: 3,
          clientName: 'Kenai Lodge',
          title: 'Starlink on the cabin',
          description: '',
          type: 'starlink',
          status: 'pending',
          totalAmount: null,
          estimatedCost: null,
          timeline: null,
          jobStartDate: null,
          jobEndDate: null,
          progress: 0,
          notes: '',
        },
      },
    ]);
  });

  it('takes the short type spellings and emits the long ones', () => {
    const security = ZCreateProjectBody.parse({ clientId: 3, title: 'x', type: 'security' });
    const [event] = createProject(given([]), { projectId: 9, client: { id: 3, name: 'K' }, body: security });
    expect(event?.data).toMatchObject({ type: 'security_cameras' });
  });

  it('refuses an unknown client, dates out of order and days that do not exist', () => {
    expect(refusal(() => createProject(given([]), { projectId: 9, client: undefined, body }))).toEqual({
      status: 400,
      message: 'Please select a client: client 3 was not found.',
    });
    const client = { id: 3, name: 'K' };
    const backwards = { ...body, jobStartDate: '2026-06-05', jobEndDate: '2026-06-01' };
    expect(refusal(() => createProject(given([]), { projectId: 9, client, body: backwards }))).toEqual({
      status: 400,
      message: 'Start date must be before end date',
    });
    const feb30 = { ...body, jobStartDate: '2026-02-30' };
    expect(refusal(() => createProject(given([]), { projectId: 9, client, body: feb30 })).message).toBe(
      'jobStartDate: 2026-02-30 is not a calendar date',
    );
    expect(refusal(() => createProject(given([created]), { projectId: 7, client, body })).status).toBe(409);
  });
});

describe('changing a project', () => {
  it('records each kind of change as its own event with what it was', () => {
    const events = change([created], {
      title: 'Cameras and Starlink',
      totalAmount: 3100,
      status: 'in_progress',
      jobEndDate: '2026-06-04',
      progress: 40,
      notes: 'Bring the long ladder',
    });
    expect(events).toEqual([
      {
        type: 'ProjectDetailsChanged',
        data: {
          projectId: 7,
          changes: {
            title: { from: 'Cameras at the lodge', to: 'Cameras and Starlink' },
            totalAmount: { from: null, to: 3100 },
          },
        },
      },
      { type: 'ProjectStatusChanged', data: { projectId: 7, from: 'pending', to: 'in_progress' } },
      {
        type: 'ProjectScheduled',
        data: {
          projectId: 7,
          from: { jobStartDate: '2026-06-01', jobEndDate: '2026-06-03' },
          to: { jobStartDate: '2026-06-01', jobEndDate: '2026-06-04' },
        },
      },
      { type: 'ProjectProgressChanged', data: { projectId: 7, from: 0, to: 40 } },
      { type: 'ProjectNotesChanged', data: { projectId: 7, from: '', to: 'Bring the long ladder' } },
    ]);
  });

  it('appends nothing when nothing differs from what is stored', () => {
    expect(
      change([created], {
        title: 'Cameras at the lodge',
        type: 'security_cameras',
        status: 'pending',
        estimatedCost: 2400,
        timeline: '',
        jobStartDate: '2026-06-01',
        jobEndDate: '2026-06-03',
        notes: '',
        photos: [],
      }),
    ).toEqual([]);
  });

  it('clears both dates as an unscheduling', () => {
    expect(change([created], { jobStartDate: null, jobEndDate: null })).toEqual([
      {
        type: 'ProjectUnscheduled',
        data: { projectId: 7, from: { jobStartDate: '2026-06-01', jobEndDate: '2026-06-03' } },
      },
    ]);
  });

  it('checks a moved date against the stored other one', () => {
    expect(refusal(() => change([created], { jobEndDate: '2026-05-31' }))).toEqual({
      status: 400,
      message: 'Start date must be before end date',
    });
    expect(change([created], { jobEndDate: '2026-06-01' })).toHaveLength(1);
  });

  it('drops the photos left out of `photos` and refuses addresses that are not the project’s', () => {
    const state = [created, photoAdded(1), photoAdded(2)];
    expect(change(state, { photos: [address(photo(2))] })).toEqual([
      { type: 'ProjectPhotoRemoved', data: { projectId: 7, ...photo(1) } },
    ]);
    expect(
      refusal(() => change(state, { photos: [address(photo(2)), '/api/files/photos/elsewhere.jpg'] })),
    ).toEqual({
      status: 400,
      message:
        'photos: /api/files/photos/elsewhere.jpg is not a photo of this project (new photos are added by upload).',
    });
    const removed = given([...state, { type: 'ProjectPhotoRemoved', data: { projectId: 7, ...photo(1) } }]);
    expect(removed.lifecycle === 'active' && removed.photos).toEqual([photo(2)]);
  });

  it('answers not found for a project that never was or was deleted', () => {
    expect(refusal(() => change([], { title: 'x' })).status).toBe(404);
    const deleted = [created, ...deleteProject(given([created]))];
    expect(refusal(() => change(deleted, { title: 'x' })).status).toBe(404);
    expect(refusal(() => deleteProject(given(deleted))).status).toBe(404);
    expect(refusal(() => addPhotos(given(deleted), { photos: [photo(1)] })).status).toBe(404);
  });
});

describe('photos and deletion', () => {
  it('adds new photos once, even when the same picture is sent again', () => {
    expect(addPhotos(given([created, photoAdded(1)]), { photos: [photo(1), photo(2), photo(2)] })).toEqual([
      photoAdded(2),
    ]);
  });

  it('records the deletion with the title and client for the trail', () => {
    expect(deleteProject(given([created]))).toEqual([
      { type: 'ProjectDeleted', data: { projectId: 7, clientId: 3, title: 'Cameras at the lodge' } },
    ]);
  });
});
