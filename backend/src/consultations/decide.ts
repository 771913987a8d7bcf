import type { TConsultationPatchBody, TConsultationRequestBody } from '@app/contracts/api/consultations';
import { businessToday, DATE_IN_PAST } from '@app/contracts/api/consultations';
import type { TConsultationEvent } from '@app/contracts/events/consultations';
import { conflict, invalid, notFound } from '../platform/errors.ts';

export const consultationStream = (id: number) => `consultation-${id}`;

type Status = 'pending' | 'contacted' | 'scheduled' | 'completed' | 'cancelled';

export type ConsultationState =
  | { exists: false }
  | {
      exists: true;
      id: number;
      status: Status;
      notes: string;
      archived: boolean;
      contactedAt: string | null;
    };

export const consultationDecider = {
  initial: { exists: false } as ConsultationState,
  evolve(state: ConsultationState, event: TConsultationEvent): ConsultationState {
    if (event.type === 'ConsultationRequested') {
      return {
        exists: true,
        id: event.data.consultationId,
        status: 'pending',
        notes: '',
        archived: false,
        contactedAt: null,
      };
    }
    if (!state.exists) return state;
    switch (event.type) {
      case 'ConsultationStatusChanged':
        return { ...state, status: event.data.to };
      case 'ConsultationNotesUpdated':
        return { ...state, notes: event.data.notes };
      case 'ConsultationContactedAtSet':
        return { ...state, contactedAt: event.data.contactedAt };
      case 'ConsultationArchived':
        return { ...state, archived: true };
      case 'ConsultationRestored':
        return { ...state, archived: false };
      default: {
        const unhandled: never = event;
        return unhandled;
      }
    }
  },
};

export function requestConsultation(
  state: ConsultationState,
  command: { consultationId: number; body: TConsultationRequestBody; now: Date },
): TConsultationEvent[] {
  if (state.exists) throw conflict('This consultation request already exists.');
  // The honeypot field is the route's business; everything else the visitor sent is recorded.
  const { website: _honeypot, ...body } = command.body;
  if (body.preferredDate < businessToday(command.now)) throw invalid(DATE_IN_PAST, 'date_in_past');
  return [
    {
      type: 'ConsultationRequested',
      data: { consultationId: command.consultationId, ...body },
    },
  ];
}

/**
 * An admin's change to a request. Setting the status to contacted also archives the request (it moves to
 * Previous Requests) and stamps contactedAt when none is set, unless the same change says otherwise.
 */
export function updateConsultation(
  state: ConsultationState,
  command: { patch: TConsultationPatchBody; now: Date },
): TConsultationEvent[] {
  if (!state.exists) throw notFound('Consultation request not found');
  const { patch } = command;
  const consultationId = state.id;
  const events: TConsultationEvent[] = [];
  if (patch.status && patch.status !== state.status) {
    events.push({
      type: 'ConsultationStatusChanged',
      data: { consultationId, from: state.status, to: patch.status },
    });
  }
  if (patch.notes !== undefined && patch.notes !== state.notes) {
    events.push({ type: 'ConsultationNotesUpdated', data: { consultationId, notes: patch.notes } });
  }
  const becameContacted = patch.status === 'contacted' && state.status !== 'contacted';
  let contactedAt = patch.contactedAt === undefined ? state.contactedAt : patch.contactedAt;
  if (becameContacted && !contactedAt) contactedAt = command.now.toISOString();
  if (contactedAt !== state.contactedAt) {
    events.push({ type: 'ConsultationContactedAtSet', data: { consultationId, contactedAt } });
  }
  const archived = patch.archived ?? (becameContacted ? true : state.archived);
  if (archived !== state.archived) {
    events.push({
      type: archived ? 'ConsultationArchived' : 'ConsultationRestored',
      data: { consultationId },
    });
  }
  return events;
}
