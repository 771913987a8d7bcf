import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { callFailure } from '../../../lib/failure';
import { toast } from '../../../ui/toast-store';
import { ESTIMATES_KEY, estimateQuery } from '../estimates-query';

export const DELETE_CONFIRMATION =
  'Are you sure you want to delete this estimate? This action cannot be undone.';

/** DELETE /api/estimates/{id}, after the browser's confirmation (asked by the caller). */
export function useDeleteEstimate(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('DELETE', `${ESTIMATES_KEY}/${id}`),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: estimateQuery(id).queryKey, exact: true });
      void queryClient.invalidateQueries({ queryKey: [ESTIMATES_KEY], exact: true });
      // The paged lists of All Estimates (their keys start with the list's path and 'pages').
      void queryClient.invalidateQueries({ queryKey: [ESTIMATES_KEY, 'pages'] });
      toast({ title: 'Estimate Deleted', description: 'The estimate has been deleted.' });
    },
    onError: (error) => callFailure(error, 'Failed to delete estimate'),
  });
}
