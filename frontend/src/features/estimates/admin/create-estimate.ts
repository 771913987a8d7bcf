import type { TCreateEstimateBody, TEstimate } from '@app/contracts/api/estimates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createRecord, isAccepted } from '../../../lib/api';
import { callFailure } from '../../../lib/failure';
import { toast } from '../../../ui/toast-store';
import { ESTIMATES_KEY, estimateQuery } from '../estimates-query';

/**
 * POST /api/estimates (with an Idempotency-Key: a lost answer is asked again without a second estimate).
 * Answers the new estimate's id; the estimate itself too unless the server answered 202 (lists behind).
 */
export function useCreateEstimate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TCreateEstimateBody) => {
      const answer = await createRecord<TEstimate>(ESTIMATES_KEY, body);
      return isAccepted(answer) ? { id: answer.id, estimate: null } : { id: answer.id, estimate: answer };
    },
    onSuccess: ({ estimate }) => {
      if (estimate) queryClient.setQueryData(estimateQuery(estimate.id).queryKey, estimate);
      void queryClient.invalidateQueries({ queryKey: [ESTIMATES_KEY] });
      toast({
        title: 'Estimate Saved',
        description: estimate ? `Quote ${estimate.quoteNumber}.` : undefined,
      });
    },
    onError: (error) => callFailure(error, 'Save Failed', 'Failed to save estimate. Please try again.'),
  });
}
