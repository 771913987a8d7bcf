import { isDeepStrictEqual } from 'node:util';
import { fileAddress } from '@app/contracts/api/files';
import type {
  TProjectStatus,
  TProjectType,
  ZCreateProjectBody,
  ZProjectPatchBody,
} from '@app/contracts/api/projects';
import type { TProjectEvent, TProjectPhotoRef } from '@app/contracts/events/projects';
import { isCalendarDay } from '@app/contracts/events/values';
import type { z } from 'zod';
import { conflict, invalid, notFound } from '../platform/errors.ts';

export const projectStream = (id: number) => `project-${id}`;

export const PROJECT_NOT_FOUND = 'Project not found';
export const DATES_ORDER = 'Start date must be before end date';

/** What the routes hand in: the bodies as the contract parsed them (type aliases already resolved). */
export type CreateProjectBody = z.output<typeof ZCreateProjectBody>;
export type ProjectPatch = z.output<typeof ZProjectPatchBody>;

interface Facts {
  id: number;
  clientId: number;
  title: string;
  description: string;
  type: TProjectType;
  status: TProjectStatus;
  totalAmount: number | null;
  estimatedCost: number | null;
  timeline: string | null;
  jobStartDate: string | null;
  jobEndDate: string | null;
  progress: number;
  notes: string;
  photos: TProjectPhotoRef[];
}

export type ProjectState =
  | { lifecycle: 'none' }
  | ({ lifecycle: 'active' } & Facts)
  | { lifecycle: 'deleted'; id: number };

export const projectDecider = {
  initial: { lifecycle: 'none' } as ProjectState,
  evolve(state: ProjectState, event: TProjectEvent): ProjectState {
    if (event.type === 'ProjectCreated') {
      const { projectId, clientName: _name, ...facts } = event.data;
      return { lifecycle: 'active', id: projectId, ...facts, photos: [] };
    }
    if (state.lifecycle !== 'active') return state;
    switch (event.type) {
      case 'ProjectDetailsChanged': {
        const next = { ...state };
        const { changes } = event.data;
        if (changes.title) next.title = changes.title.to;
        if (changes.description) next.description = changes.description.to;
        if (changes.type) next.type = changes.type.to;
        if (changes.totalAmount) next.totalAmount = changes.totalAmount.to;
        if (changes.estimatedCost) next.estimatedCost = changes.estimatedCost.to;
        if (changes.timeline) next.timeline = changes.timeline.to;
        return next;
      }
      case 'ProjectStatusChanged':
        return { ...state, status: event.data.to };
      case 'ProjectScheduled':
        return { ...state, ...event.data.to };
      case 'ProjectUnscheduled':
        return { ...state, jobStartDate: null, jobEndDate: null };
      case 'ProjectProgressChanged':
        return { ...state, progress: event.data.to };
      case 'ProjectNotesChanged':
        return { ...state, notes: event.data.to };
      case 'ProjectPhotoAdded': {
        const { projectId: _id, ...photo } = event.data;
        return { ...state, photos: [...state.photos, photo] };
      }
      case 'ProjectPhotoRemoved':
        return { ...state, photos: state.photos.filter((p) => p.file !== event.data.file) };
      case 'ProjectDeleted':
        return { lifecycle: 'deleted', id: state.id };
      default: {
        const unhandled: never = event;
        return unhandled;
      }
    }
  },
};

/** The address a photo is known by on the API (before signing): what a PATCH lists to keep it. */
const photoAddress = (photo: TProjectPhotoRef) => fileAddress('photos', photo.file);

function active(state: ProjectState) {
  if (state.lifecycle !== 'active') throw notFound(PROJECT_NOT_FOUND);
  return state;
}

function checkDay(field: string, value: string | null) {
  if (value !== null && !isCalendarDay(value)) throw invalid(`${field}: ${value} is not a calendar date`);
}

function checkDates(start: string | null, end: string | null) {
  checkDay('jobStartDate', start);
  checkDay('jobEndDate', end);
  if (start && end && start > end) throw invalid(DATES_ORDER, 'dates_order');
}

const orNull = <T>(v: T | null | undefined): T | null => (v === undefined || v === '' ? null : v);

/**
 * A new job for an existing client. The client is looked up by the caller (a read) and handed in;
 * its name is kept in the event so the trail says whose job it is.
 */
export function createProject(
  state: ProjectState,
  command: {
    projectId: number;
    client: { id: number; name: string } | undefined;
    body: CreateProjectBody;
  },
): TProjectEvent[] {
  if (state.lifecycle !== 'none') throw conflict('This project already exists.');
  const { client, body } = command;
  if (!client) {
    throw invalid(`Please select a client: client ${body.clientId} was not found.`, 'client_not_found');
  }
  const jobStartDate = orNull(body.jobStartDate);
  const jobEndDate = orNull(body.jobEndDate);
  checkDates(jobStartDate, jobEndDate);
  return [
    {
      type: 'ProjectCreated',
      data: {
        projectId: command.projectId,
        clientId: client.id,
        clientName: client.name,
        title: body.title,
        description: body.description,
        type: body.type,
        status: body.status,
        totalAmount: orNull(body.totalAmount),
        estimatedCost: orNull(body.estimatedCost),
        timeline: orNull(body.timeline),
        jobStartDate,
        jobEndDate,
        progress: body.progress,
        notes: body.notes,
      },
    },
  ];
}

/** The fields an edit may name whose stored values a stale copy may have missed (photos: see changeProject). */
const EDITED_FIELDS = [
  'title',
  'description',
  'type',
  'status',
  'totalAmount',
  'estimatedCost',
  'timeline',
  'jobStartDate',
  'jobEndDate',
  'progress',
  'notes',
] as const satisfies readonly (keyof ProjectPatch & keyof Facts)[];

/**
 * The fields an edit names that changed between the copy the person read (`seen`) and the project as stored
 * (`now`): the edit would overwrite them unseen. Photos never count: photos added since are kept (see
 * `changeProject`), so a photo uploaded meanwhile makes no copy stale.
 */
export function projectFieldsChanged(patch: ProjectPatch, seen: ProjectState, now: ProjectState): string[] {
  if (now.lifecycle !== 'active') return [];
  return EDITED_FIELDS.filter(
    (f) => patch[f] !== undefined && (seen.lifecycle !== 'active' || !isDeepStrictEqual(seen[f], now[f])),
  );
}

/**
 * An admin's edit (PATCH or the dialog's PUT). Each kind of change is its own event with what it was;
 * fields that are absent or equal to what is stored produce nothing, so an edit that changes nothing
 * appends nothing. `photos` lists the photos to keep: every address must be one of the project's. With
 * `seen`, the project as the person's copy showed it (If-Match), only photos they saw can be removed, and
 * a photo removed since is no longer named.
 */
export function changeProject(
  state: ProjectState,
  command: { patch: ProjectPatch; seen?: ProjectState },
): TProjectEvent[] {
  const project = active(state);
  const { patch } = command;
  const projectId = project.id;
  const events: TProjectEvent[] = [];

  const changes: Extract<TProjectEvent, { type: 'ProjectDetailsChanged' }>['data']['changes'] = {};
  if (patch.title !== undefined && patch.title !== project.title)
    changes.title = { from: project.title, to: patch.title };
  if (patch.description !== undefined && patch.description !== project.description)
    changes.description = { from: project.description, to: patch.description };
  if (patch.type !== undefined && patch.type !== project.type)
    changes.type = { from: project.type, to: patch.type };
  if (patch.totalAmount !== undefined && orNull(patch.totalAmount) !== project.totalAmount)
    changes.totalAmount = { from: project.totalAmount, to: orNull(patch.totalAmount) };
  if (patch.estimatedCost !== undefined && orNull(patch.estimatedCost) !== project.estimatedCost)
    changes.estimatedCost = { from: project.estimatedCost, to: orNull(patch.estimatedCost) };
  if (patch.timeline !== undefined && orNull(patch.timeline) !== project.timeline)
    changes.timeline = { from: project.timeline, to: orNull(patch.timeline) };
  if (Object.keys(changes).length > 0)
    events.push({ type: 'ProjectDetailsChanged', data: { projectId, changes } });

  if (patch.status !== undefined && patch.status !== project.status)
    events.push({
      type: 'ProjectStatusChanged',
      data: { projectId, from: project.status, to: patch.status },
    });

  const from = { jobStartDate: project.jobStartDate, jobEndDate: project.jobEndDate };
  const to = {
    jobStartDate: patch.jobStartDate === undefined ? from.jobStartDate : orNull(patch.jobStartDate),
    jobEndDate: patch.jobEndDate === undefined ? from.jobEndDate : orNull(patch.jobEndDate),
  };
  if (to.jobStartDate !== from.jobStartDate || to.jobEndDate !== from.jobEndDate) {
    // Checked against the stored other date too: moving only the end before the start is refused.
    checkDates(to.jobStartDate, to.jobEndDate);
    events.push(
      to.jobStartDate === null && to.jobEndDate === null
        ? { type: 'ProjectUnscheduled', data: { projectId, from } }
        : { type: 'ProjectScheduled', data: { projectId, from, to } },
    );
  }

  if (patch.progress !== undefined && patch.progress !== project.progress)
    events.push({
      type: 'ProjectProgressChanged',
      data: { projectId, from: project.progress, to: patch.progress },
    });
  if (patch.notes !== undefined && patch.notes !== project.notes)
    events.push({ type: 'ProjectNotesChanged', data: { projectId, from: project.notes, to: patch.notes } });

  if (patch.photos !== undefined) {
    const seenPhotos = command.seen?.lifecycle === 'active' ? command.seen.photos : project.photos;
    const keep = new Set(patch.photos);
    const known = new Set([...project.photos, ...seenPhotos].map(photoAddress));
    const unknown = patch.photos.find((url) => !known.has(url));
    if (unknown !== undefined) {
      throw invalid(
        `photos: ${unknown} is not a photo of this project (new photos are added by upload).`,
        'unknown_photo',
      );
    }
    const seenFiles = new Set(seenPhotos.map((p) => p.file));
    for (const photo of project.photos) {
      if (!keep.has(photoAddress(photo)) && seenFiles.has(photo.file))
        events.push({ type: 'ProjectPhotoRemoved', data: { projectId, ...photo } });
    }
  }
  return events;
}

/** Stored photos join the project; one already there (same content, same address) is not added twice. */
export function addPhotos(state: ProjectState, command: { photos: TProjectPhotoRef[] }): TProjectEvent[] {
  const project = active(state);
  const seen = new Set(project.photos.map((p) => p.file));
  const events: TProjectEvent[] = [];
  for (const photo of command.photos) {
    if (seen.has(photo.file)) continue;
    seen.add(photo.file);
    events.push({ type: 'ProjectPhotoAdded', data: { projectId: project.id, ...photo } });
  }
  return events;
}

export function deleteProject(state: ProjectState): TProjectEvent[] {
  const project = active(state);
  return [
    {
      type: 'ProjectDeleted',
      data: { projectId: project.id, clientId: project.clientId, title: project.title },
    },
  ];
}
