import type { TAccepted } from '@app/contracts/api/accepted';
import type {
  TAdminAppointment,
  TChangeAppointmentBody,
  TCreateAppointmentBody,
} from '@app/contracts/api/appointments';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { showAccepted } from '../../lib/accepted';
import { apiRequest, createRecord, ifMatch, isAccepted } from '../../lib/api';
import { callFailure } from '../../lib/failure';
import { staleCopyOf } from '../../lib/stale-copy';
import { toast } from '../../ui/toast-store';
import { CALENDAR_EVENTS_KEY } from './calendar-query';

export const APPOINTMENTS_KEY = '/api/appointments';
const LISTS = [APPOINTMENTS_KEY, CALENDAR_EVENTS_KEY] as const;

/** "Lists refresh on success" (section 7): the appointments and every calendar range. */
function refreshLists(queryClient: QueryClient) {
  for (const key of LISTS) void queryClient.invalidateQueries({ queryKey: [key] });
}

/**
 * POST /api/appointments with an Idempotency-Key (a lost answer is retried without a second appointment).
 * Toasts: 'Event created successfully'; 'Failed to create event'.
 */
export function useCreateAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateAppointmentBody) => createRecord<TAdminAppointment>(APPOINTMENTS_KEY, body),
    onSuccess: (answer) => {
      if (isAccepted(answer)) return showAccepted(queryClient, answer, LISTS);
      refreshLists(queryClient);
      toast({ title: 'Event created successfully', description: answer.title });
    },
    // Section 8: 'Failed to create event' under the title Error, destructive; the server's reason preferred.
    onError: (error) => callFailure(error, 'Error', 'Failed to create event'),
  });
}

/**
 * PATCH /api/appointments/{id}, with the version the form was filled from (If-Match) when it has one. Toasts:
 * 'Event updated successfully'; 'Failed to update event' with the server's reason (as the project's 'Failed to
 * update project'); a stale copy (409) is the form's to show.
 */
export function useUpdateAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, version }: { id: number; body: TChangeAppointmentBody; version?: number }) =>
      apiRequest<TAdminAppointment | TAccepted>(
        'PATCH',
        `${APPOINTMENTS_KEY}/${id}`,
        body,
        version === undefined ? undefined : ifMatch(version),
      ),
    onSuccess: (answer) => {
      if (isAccepted(answer)) return showAccepted(queryClient, answer, LISTS);
      refreshLists(queryClient);
      toast({ title: 'Event updated successfully', description: answer.title });
    },
    onError: (error) => {
      if (!staleCopyOf(error)) callFailure(error, 'Failed to update event');
    },
  });
}
