import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { callFailure } from '../../../lib/failure';
import { toast } from '../../../ui/toast-store';
import { siteContentQuery } from './content-query';

/** POST /api/content/contact: email, phone, website and address only. */
export function useSaveContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contact: { email: string; phone: string; website: string; address: string }) =>
      apiRequest('POST', '/api/content/contact', contact),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: siteContentQuery.queryKey });
      toast({
        title: 'Contact information saved',
        description: 'The public pages now show the new details.',
      });
    },
    onError: (error) => callFailure(error, 'Failed to save contact information'),
  });
}
