import type { TAccepted } from '@app/contracts/api/accepted';
import type { TEstimate, TUpdateEstimateBody } from '@app/contracts/api/estimates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, isAccepted } from '../../../lib/api';
import { callFailure } from '../../../lib/failure';
import { toast } from '../../../ui/toast-store';
import { ESTIMATES_KEY, estimateQuery } from '../estimates-query';

export type EstimateUpdate = {
  body: TUpdateEstimateBody;
  success: { title: string; description?: string };
  failure: { title: string; fallback: string };
};

/** The estimate page's save: 'Estimate Updated', or 'Update Failed' (spec part 2, section 8). */
export const PAGE_SAVE = {
  success: { title: 'Estimate Updated', description: 'Your changes have been saved.' },
  failure: { title: 'Update Failed', fallback: 'Failed to save changes. Please try again.' },
} as const;

/** PATCH /api/estimates/{id}: answers the updated estimate (null for a 202) and refreshes the list. */
export function useUpdateEstimate(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body }: EstimateUpdate) => {
      const answer = await apiRequest<TEstimate | TAccepted>('PATCH', `${ESTIMATES_KEY}/${id}`, body);
      return isAccepted(answer) ? null : answer;
    },
    onSuccess: (estimate, { success }) => {
      if (estimate) queryClient.setQueryData(estimateQuery(id).queryKey, estimate);
      void queryClient.invalidateQueries({ queryKey: [ESTIMATES_KEY] });
      toast(success);
    },
    onError: (error, { failure }) => callFailure(error, failure.title, failure.fallback),
  });
}
