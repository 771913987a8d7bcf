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
