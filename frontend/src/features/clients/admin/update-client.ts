import type { TAccepted } from '@app/contracts/api/accepted';
import type { TClient, TUpdateClientBody } from '@app/contracts/api/clients';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { showAccepted } from '../../../lib/accepted';
import { apiRequest, ifMatch, isAccepted } from '../../../lib/api';
import { callFailure } from '../../../lib/failure';
import { staleCopyOf } from '../../../lib/stale-copy';
import { toast } from '../../../ui/toast-store';
import { clientsQuery } from './queries';

/**
 * PUT /api/clients/{id} with the version the form was filled from (If-Match); the list and the client's own
 * read (the portal page's) take the answer. A stale copy (409) is the form's to show, not a toast.
 */
export function useUpdateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, version }: { id: number; body: TUpdateClientBody; version: number }) =>
      apiRequest<TClient | TAccepted>('PUT', `/api/clients/${id}`, body, ifMatch(version)),
    onSuccess: (updated) => {
      if (isAccepted(updated)) return showAccepted(queryClient, updated, ['/api/clients']);
      queryClient.setQueryData(clientsQuery.queryKey, (list) =>
        list?.map((item) => (item.id === updated.id ? updated : item)),
      );
      void queryClient.invalidateQueries({ queryKey: clientsQuery.queryKey });
      toast({ title: 'Client updated', description: `${updated.name}'s details were saved.` });
    },
    onError: (error) => {
      if (!staleCopyOf(error)) callFailure(error, 'Failed to update client');
    },
  });
}
