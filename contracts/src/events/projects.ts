import { z } from 'zod';
import { ZPhoto, ZProject, ZProjectStatus } from '../api/projects.ts';

/**
 * Project (job) events. Each kind of change is its own event carrying what it was and what it became,
 * so the audit trail of `project-<id>` reads as a history of who changed what.
 */
const id = { projectId: z.number().int() };
const fromTo = <T extends z.ZodType>(value: T) => z.object({ from: value, to: value });

export const ZProjectCreated = z.object({
  type: z.literal('ProjectCreated'),
  // clientName is the client's name when the project was made: the trail reads well without a lookup.
  data: ZProject.pick({
    clientId: true,
    clientName: true,
    title: true,
    description: true,
    type: true,
    status: true,
    totalAmount: true,
    estimatedCost: true,
    timeline: true,
    jobStartDate: true,
    jobEndDate: true,
    progress: true,
    notes: true,
  }).extend(id),
});

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
const detail = ZProject.pick({
  title: true,
  description: true,
  type: true,
  totalAmount: true,
  estimatedCost: true,
  timeline: true,
}).shape;

export const ZProjectDetailsChanged = z.object({
  type: z.literal('ProjectDetailsChanged'),
  data: z.object({
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
});
export const ZProjectStatusChanged = z.object({
  type: z.literal('ProjectStatusChanged'),
  data: z.object({ ...id, from: ZProjectStatus, to: ZProjectStatus }),
});

const ZJobDates = ZProject.pick({ jobStartDate: true, jobEndDate: true });
/** The job's dates were set or moved (at least one of them is set afterwards). */
export const ZProjectScheduled = z.object({
  type: z.literal('ProjectScheduled'),
  data: z.object({ ...id, from: ZJobDates, to: ZJobDates }),
});
/** Both dates were cleared. */
export const ZProjectUnscheduled = z.object({
  type: z.literal('ProjectUnscheduled'),
  data: z.object({ ...id, from: ZJobDates }),
});
export const ZProjectProgressChanged = z.object({
  type: z.literal('ProjectProgressChanged'),
  data: z.object({ ...id, ...fromTo(ZProject.shape.progress).shape }),
});
export const ZProjectNotesChanged = z.object({
  type: z.literal('ProjectNotesChanged'),
  data: z.object({ ...id, ...fromTo(ZProject.shape.notes).shape }),
});

/** A stored photo as events name it; its upload time is the event's occurredAt. */
export const ZProjectPhotoRef = ZPhoto.pick({ url: true, thumbnailUrl: true, name: true });
export type TProjectPhotoRef = z.infer<typeof ZProjectPhotoRef>;
export const ZProjectPhotoAdded = z.object({
  type: z.literal('ProjectPhotoAdded'),
  data: ZProjectPhotoRef.extend(id),
});
export const ZProjectPhotoRemoved = z.object({
  type: z.literal('ProjectPhotoRemoved'),
  data: ZProjectPhotoRef.extend(id),
});
export const ZProjectDeleted = z.object({
  type: z.literal('ProjectDeleted'),
  data: z.object({ ...id, clientId: z.number().int(), title: z.string() }),
});

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
