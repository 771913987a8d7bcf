import type { TAccepted } from '@app/contracts/api/accepted';
import type { TConsultation, TConsultationPatchBody } from '@app/contracts/api/consultations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { showAccepted } from '../../../lib/accepted';
import { apiRequest, isAccepted } from '../../../lib/api';
import { callFailure } from '../../../lib/failure';
import { toast } from '../../../ui/toast-store';
import { ACTION_FAILURES, actionToast, type ConsultationAction } from './consultation-list';
import { consultationsQuery } from './consultations-query';

export type ConsultationChange = {
  consultation: TConsultation;
  patch: TConsultationPatchBody;
  action: ConsultationAction;
};

export const patchConsultation = (id: number, patch: TConsultationPatchBody) =>
  apiRequest<TConsultation | TAccepted>('PATCH', `/api/consultations/${id}`, patch);

/**
 * PATCH /api/consultations/{id}. The toasts live here rather than at the call site because a card that
 * moves to the other set unmounts before a per-call callback could run.
 */
export function useUpdateConsultation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ consultation, patch }: ConsultationChange) => patchConsultation(consultation.id, patch),
    onSuccess: (updated, { consultation, action }) => {
      if (isAccepted(updated)) return showAccepted(queryClient, updated, ['/api/consultations']);
      queryClient.setQueryData(consultationsQuery.queryKey, (list) =>
        list?.map((item) => (item.id === updated.id ? updated : item)),
      );
      void queryClient.invalidateQueries({ queryKey: consultationsQuery.queryKey });
      toast(actionToast(action, consultation, updated));
    },
    onError: (error, { action }) => callFailure(error, ACTION_FAILURES[action]),
  });
}
