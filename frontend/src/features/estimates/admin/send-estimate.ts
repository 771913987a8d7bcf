import type { TAccepted } from '@app/contracts/api/accepted';
import type { TEstimate } from '@app/contracts/api/estimates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, isAccepted } from '../../../lib/api';
import { callFailure } from '../../../lib/failure';
import { toast } from '../../../ui/toast-store';
import { ESTIMATES_KEY, estimateQuery } from '../estimates-query';

/** POST /api/estimates/{id}/send: the quote is mailed to the estimate's client to accept or decline online. */
export function useSendEstimate(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<TEstimate | TAccepted>('POST', `${ESTIMATES_KEY}/${id}/send`),
    onSuccess: (answer) => {
      if (!isAccepted(answer)) queryClient.setQueryData(estimateQuery(id).queryKey, answer);
      void queryClient.invalidateQueries({ queryKey: [ESTIMATES_KEY] });
      toast({
        title: 'Quote Sent',
        description: isAccepted(answer)
          ? answer.message
          : `${answer.clientName ?? 'The client'} can now accept or decline it online.`,
      });
    },
    onError: (error) => callFailure(error, 'Failed to send quote'),
  });
}
