import {
  PREFERRED_TIME_LABELS,
  PROPERTY_TYPE_LABELS,
  SERVICE_TYPE_LABELS,
} from '@app/contracts/api/consultations';
import type { ConsultationStatus } from './consultation-list';

export const STATUS_LABELS: Record<ConsultationStatus, string> = {
  pending: 'Pending',
  contacted: 'Contacted',
  scheduled: 'Scheduled',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** "some_value" → "Some Value", for values this screen has no label for. */
const titleCase = (value: string) =>
  value
    .split('_')
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');

const labelOf = (labels: Record<string, string>, value: string) => labels[value] ?? titleCase(value);

export const serviceTypeLabel = (value: string) => labelOf(SERVICE_TYPE_LABELS, value);
export const propertyTypeLabel = (value: string | null) =>
  value ? labelOf(PROPERTY_TYPE_LABELS, value) : 'Not specified';
export const preferredTimeLabel = (value: string | null) =>
  value ? labelOf(PREFERRED_TIME_LABELS, value) : 'Any time';
