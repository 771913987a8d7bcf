import type { ZCreateEntryResponse, ZEntryAccepted } from '@app/contracts/api/clients';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { createRecord, isAccepted } from '../../../lib/api';
import { callFailure } from '../../../lib/failure';
import type { CreateEntryBody } from './entry-form';

export type CreatedEntry = z.infer<typeof ZCreateEntryResponse>;
type TEntryAccepted = z.infer<typeof ZEntryAccepted>;

/** POST /api/clients: a client lands in Clients, a user account in Users; both may change the figures. */
export function useCreateEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateEntryBody): Promise<CreatedEntry> => {
      const answer = await createRecord<CreatedEntry>('/api/clients', body);
      // Saved but not yet listed (202): the temporary password is shown all the same.
      return isAccepted(answer)
        ? { client: null, user: null, temporaryPassword: (answer as TEntryAccepted).temporaryPassword }
        : answer;
    },
    onSuccess: () =>
      Promise.all(
        ['/api/clients', '/api/users', '/api/dashboard/stats'].map((key) =>
          queryClient.invalidateQueries({ queryKey: [key] }),
        ),
      ),
    onError: (error) => callFailure(error, 'Failed to create entry'),
  });
}
