import { z } from 'zod';
import { PROJECT_STATUSES, PROJECT_TYPES } from '../api/projects.ts';
import { defineEvent } from './define.ts';
import { eAmount, eDay, eId, eText } from './values.ts';

/**
 * Project (job) events. Each kind of change is its own event carrying what it was and what it became,
 * so the audit trail of `project-<id>` reads as a history of who changed what.
 */
const id = { projectId: eId };
const fromTo = <T extends z.ZodType>(value: T) => z.object({ from: value, to: value });

const status = z.enum(PROJECT_STATUSES);
const detail = {
  title: eText,
  description: eText,
  type: z.enum(PROJECT_TYPES),
  totalAmount: eAmount.nullable(),
  estimatedCost: eAmount.nullable(),
  timeline: eText.nullable(),
};
const dates = { jobStartDate: eDay.nullable(), jobEndDate: eDay.nullable() };
const progress = z.number().int().min(0).max(100);

export const ZProjectCreated = defineEvent(
  'ProjectCreated',
  z.object({
    ...id,
    clientId: eId,
    // The client's name when the project was made: the trail reads well without a lookup.
    clientName: eText,
    ...detail,
    status,
    ...dates,
    progress,
    notes: eText,
  }),
);

/** The descriptive fields an admin edits in the job dialog; the rest have their own events. */
export const PROJECT_DETAIL_FIELDS = [
  'title',
  'description',
  'type',
  'totalAmount',
  'estimatedCost',
  'timeline',
] as const;
export type TProjectDetailField = (typeof PROJECT_DETAIL_FIELDS)[number];

export const ZProjectDetailsChanged = defineEvent(
  'ProjectDetailsChanged',
  z.object({
    ...id,
    /** Only the fields that changed, each with its old and new value. */
    changes: z
      .object({
        title: fromTo(detail.title),
        description: fromTo(detail.description),
        type: fromTo(detail.type),
        totalAmount: fromTo(detail.totalAmount),
        estimatedCost: fromTo(detail.estimatedCost),
        timeline: fromTo(detail.timeline),
      })
      .partial(),
  }),
);
export const ZProjectStatusChanged = defineEvent(
  'ProjectStatusChanged',
  z.object({ ...id, ...fromTo(status).shape }),
);

const ZJobDates = z.object(dates);
/** The job's dates were set or moved (at least one of them is set afterwards). */
export const ZProjectScheduled = defineEvent(
  'ProjectScheduled',
  z.object({ ...id, from: ZJobDates, to: ZJobDates }),
);
/** Both dates were cleared. */
export const ZProjectUnscheduled = defineEvent('ProjectUnscheduled', z.object({ ...id, from: ZJobDates }));
export const ZProjectProgressChanged = defineEvent(
  'ProjectProgressChanged',
  z.object({ ...id, ...fromTo(progress).shape }),
);
export const ZProjectNotesChanged = defineEvent(
  'ProjectNotesChanged',
  z.object({ ...id, ...fromTo(eText).shape }),
);

/**
 * A stored photo as events name it: its file and its thumbnail's file (stored names, `<sha256>.jpg`, under
 * the photos and thumbnails folders) and the name it was sent with; its upload time is the event's occurredAt.
 * Version 1 named the files by the addresses the API served them at (`/api/files/photos/<name>`); addresses
 * are the API's business (they are signed now), so version 2 keeps the stored names only.
 */
export const ZProjectPhotoRef = z.object({ file: eText, thumbnail: eText, name: eText });
export type TProjectPhotoRef = z.infer<typeof ZProjectPhotoRef>;
const lastSegment = (address: unknown) => String(address).split('?')[0]!.split('/').pop() ?? '';
const photoRefHistory = {
  version: 2,
  upcast: {
    1: (v1: unknown) => {
      const { url, thumbnailUrl, ...rest } = v1 as { url: string; thumbnailUrl: string };
      return { ...rest, file: lastSegment(url), thumbnail: lastSegment(thumbnailUrl) };
    },
  },
};
export const ZProjectPhotoAdded = defineEvent(
  'ProjectPhotoAdded',
  ZProjectPhotoRef.extend(id),
  photoRefHistory,
);
export const ZProjectPhotoRemoved = defineEvent(
  'ProjectPhotoRemoved',
  ZProjectPhotoRef.extend(id),
  photoRefHistory,
);
export const ZProjectDeleted = defineEvent(
  'ProjectDeleted',
  z.object({ ...id, clientId: eId, title: eText }),
);

export const projectEventSchemas = [
  ZProjectCreated,
  ZProjectDetailsChanged,
  ZProjectStatusChanged,
  ZProjectScheduled,
  ZProjectUnscheduled,
  ZProjectProgressChanged,
  ZProjectNotesChanged,
  ZProjectPhotoAdded,
  ZProjectPhotoRemoved,
  ZProjectDeleted,
] as const;

export type TProjectEvent = z.infer<(typeof projectEventSchemas)[number]>;
