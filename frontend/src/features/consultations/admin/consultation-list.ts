import {
  CONSULTATION_STATUSES,
  type TConsultation,
  type TConsultationPatchBody,
} from '@app/contracts/api/consultations';
import { listParams } from '../../../lib/paged-list';
import { showing } from '../../../lib/showing';

export type ConsultationStatus = TConsultation['status'];
/** Active requests are the ones not archived; Previous Requests are the archived ones. */
export type RequestSet = 'active' | 'previous';
export type StatusFilter = ConsultationStatus | 'all';
export type SummaryCounts = Record<'total' | ConsultationStatus, number>;

export const inSet = (consultation: TConsultation, set: RequestSet) =>
  consultation.archived === (set === 'previous');

/** The cards to show: the chosen set, narrowed by the status filter, in the server's order (newest first). */
export const visibleConsultations = (
  all: readonly TConsultation[],
  set: RequestSet,
  status: StatusFilter,
): TConsultation[] =>
  all.filter(
    (consultation) => inSet(consultation, set) && (status === 'all' || consultation.status === status),
  );

/** The summary tiles count the whole chosen set, whatever the status filter says. */
export function summaryCounts(all: readonly TConsultation[], set: RequestSet): SummaryCounts {
  const counts = Object.fromEntries(CONSULTATION_STATUSES.map((status) => [status, 0])) as SummaryCounts;
  counts.total = 0;
  for (const consultation of all) {
    if (!inSet(consultation, set)) continue;
    counts.total += 1;
    counts[consultation.status] += 1;
  }
  return counts;
}

/**
 * The manager's list as asked of the server (`GET /api/consultations`, issue 23): the set, the status and every
 * word of the search in the name, e-mail, phone or description.
 */
export const consultationsParams = (set: RequestSet, status: StatusFilter, search: string) =>
  listParams({ set, status, q: search.trim() });

export const showingText = showing('request', 'requests');

/** Mark Contacted is offered only on active pending requests. */
export const canMarkContacted = (consultation: TConsultation) =>
  !consultation.archived && consultation.status === 'pending';

/** Saving a contacted request that is still active archives it, and the Manage button says so. */
const archivesOnSave = (consultation: TConsultation, status: ConsultationStatus) =>
  status === 'contacted' && !consultation.archived;

export const manageSaveLabel = (consultation: TConsultation, status: ConsultationStatus) =>
  archivesOnSave(consultation, status) ? 'Mark Contacted & Archive' : 'Save Changes';

/**
 * The Manage modal's change. The server archives only when the status *becomes* contacted, so a request
 * that is already contacted but was restored asks for the archive explicitly, as its button promises.
 */
export function managePatch(
  consultation: TConsultation,
  form: { status: ConsultationStatus; notes: string },
): TConsultationPatchBody {
  return archivesOnSave(consultation, form.status) ? { ...form, archived: true } : { ...form };
}

export type ConsultationAction = 'update' | 'contacted' | 'archive' | 'restore';

export const ACTION_FAILURES: Record<ConsultationAction, string> = {
  update: 'Failed to update consultation',
  contacted: 'Failed to update consultation',
  archive: 'Failed to archive consultation',
  restore: 'Failed to restore consultation',
};

/** The success toast, told from the request before and after the change. */
export function actionToast(
  action: ConsultationAction,
  before: TConsultation,
  after: TConsultation,
): { title: string; description: string } {
  const moved = !before.archived && after.archived;
  const restored = before.archived && !after.archived;
  switch (action) {
    case 'contacted':
      return {
        title: 'Consultation updated',
        description: 'Marked as contacted. It moved to Previous Requests.',
      };
    case 'archive':
      return { title: 'Consultation archived', description: 'It moved to Previous Requests.' };
    case 'restore':
      return { title: 'Consultation restored', description: 'It moved back to Active Requests.' };
    case 'update':
      return {
        title: 'Consultation updated',
        description: moved
          ? 'It was marked as contacted and moved to Previous Requests.'
          : restored
            ? 'It moved back to Active Requests.'
            : 'Your changes were saved.',
      };
    default: {
      const unhandled: never = action;
      return unhandled;
    }
  }
}
