import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { callFailure } from '../../lib/failure';
import { toast } from '../../ui/toast-store';
import { PROJECTS_KEY, projectQuery } from './project-query';

export const DELETE_CONFIRMATION =
  'Are you sure you want to delete this project? This action cannot be undone.';

/** DELETE /api/projects/{id}, after the browser's confirmation (asked by the caller). */
export function useDeleteProject(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('DELETE', `${PROJECTS_KEY}/${id}`),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: projectQuery(id).queryKey, exact: true });
      void queryClient.invalidateQueries({ queryKey: [PROJECTS_KEY] });
      toast({ title: 'Project deleted successfully' });
    },
    onError: (error) => callFailure(error, 'Failed to delete project'),
  });
}
