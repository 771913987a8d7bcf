import type { TSiteContent } from '@app/contracts/api/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { callFailure } from '../../../lib/failure';
import { toast } from '../../../ui/toast-store';
import { siteContentQuery } from './content-query';

/** POST /api/content/save: all eight fields. */
export function useSaveContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: TSiteContent) => apiRequest('POST', '/api/content/save', content),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: siteContentQuery.queryKey });
      toast({ title: 'Content saved', description: 'The public pages now show your changes.' });
    },
    onError: (error) => callFailure(error, 'Failed to save content changes'),
  });
}
