import {
  PROJECT_STATUS_LABELS,
  PROJECT_TYPE_LABELS,
  type PROJECT_TYPES,
  type TProjectStatus,
} from '@app/contracts/api/projects';

/** A status as people read it; a value this screen has no label for is shown as sent. */
export const statusLabel = (status: string) => PROJECT_STATUS_LABELS[status as TProjectStatus] ?? status;
export const typeLabel = (type: string) =>
  PROJECT_TYPE_LABELS[type as (typeof PROJECT_TYPES)[number]] ?? type;

/** The project's fields as a stale-copy notice names them ("this project's status and end date"). */
export const PROJECT_FIELD_WORDS: Record<string, string> = {
  title: 'title',
  description: 'description',
  type: 'type',
  status: 'status',
  totalAmount: 'total amount',
  estimatedCost: 'estimated cost',
  timeline: 'timeline',
  jobStartDate: 'start date',
  jobEndDate: 'end date',
  progress: 'progress',
  notes: 'notes',
};
