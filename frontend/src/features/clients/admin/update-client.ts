import type { TAccepted } from '@app/contracts/api/accepted';
import type { TClient, TUpdateClientBody } from '@app/contracts/api/clients';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { showAccepted } from '../../../lib/accepted';
import { apiRequest, isAccepted } from '../../../lib/api';
import { callFailure } from '../../../lib/failure';
import { toast } from '../../../ui/toast-store';
import { clientsQuery } from './queries';

/** PUT /api/clients/{id}; the list and the client's own read (the portal page's) take the answer. */
export function useUpdateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TUpdateClientBody }) =>
      apiRequest<TClient | TAccepted>('PUT', `/api/clients/${id}`, body),
    onSuccess: (updated) => {
      if (isAccepted(updated)) return showAccepted(queryClient, updated, ['/api/clients']);
      queryClient.setQueryData(clientsQuery.queryKey, (list) =>
        list?.map((item) => (item.id === updated.id ? updated : item)),
      );
      void queryClient.invalidateQueries({ queryKey: clientsQuery.queryKey });
      toast({ title: 'Client updated', description: `${updated.name}'s details were saved.` });
    },
    onError: (error) => callFailure(error, 'Failed to update client'),
  });
}
