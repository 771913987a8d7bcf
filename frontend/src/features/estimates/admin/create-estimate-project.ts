import type { TEstimate } from '@app/contracts/api/estimates';
import { ZEstimateProjectResponse } from '@app/contracts/api/estimates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createRecord, isAccepted } from '../../../lib/api';
import { callFailure } from '../../../lib/failure';
import { toast } from '../../../ui/toast-store';
import { ESTIMATES_KEY, estimateQuery } from '../estimates-query';

const PROJECTS_KEY = '/api/projects';

/**
 * POST /api/estimates/{id}/project (Create Project): a pending project for the estimate's client, linked to
 * the estimate. It makes a record, so it carries an Idempotency-Key. Answers the project's id.
 */
export function useCreateEstimateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number): Promise<{ estimate: TEstimate | null; projectId: number | null }> => {
      const answer = await createRecord<unknown>(`${ESTIMATES_KEY}/${id}/project`, {});
      // A 202 still names the project made; the estimate is read again below.
      if (isAccepted(answer))
        return { estimate: null, projectId: (answer as { projectId?: number }).projectId ?? null };
      return ZEstimateProjectResponse.parse(answer);
    },
    onSuccess: ({ estimate }, id) => {
      if (estimate) queryClient.setQueryData(estimateQuery(id).queryKey, estimate);
      void queryClient.invalidateQueries({ queryKey: [ESTIMATES_KEY] });
      void queryClient.invalidateQueries({ queryKey: [PROJECTS_KEY] });
      toast({ title: 'Project Created', description: 'A pending project was made from this estimate.' });
    },
    onError: (error) => callFailure(error, 'Project Creation Failed'),
  });
}
