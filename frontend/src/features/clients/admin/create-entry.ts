import type { ZCreateEntryResponse } from '@app/contracts/api/clients';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api';
import { callFailure } from '../../../lib/failure';
import type { CreateEntryBody } from './entry-form';

export type CreatedEntry = z.infer<typeof ZCreateEntryResponse>;

/** POST /api/clients: a client lands in Clients, a user account in Users; both may change the figures. */
export function useCreateEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateEntryBody) => apiRequest<CreatedEntry>('POST', '/api/clients', body),
    onSuccess: () =>
      Promise.all(
        ['/api/clients', '/api/users', '/api/dashboard/stats'].map((key) =>
          queryClient.invalidateQueries({ queryKey: [key] }),
        ),
      ),
    onError: (error) => callFailure(error, 'Failed to create entry'),
  });
}
