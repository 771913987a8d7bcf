import type { TAccepted } from '@app/contracts/api/accepted';
import type { TEstimate, TUpdateEstimateBody } from '@app/contracts/api/estimates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, ifMatch, isAccepted } from '../../../lib/api';
import { callFailure } from '../../../lib/failure';
import { staleCopyOf } from '../../../lib/stale-copy';
import { toast } from '../../../ui/toast-store';
import { ESTIMATES_KEY, estimateQuery } from '../estimates-query';

export type EstimateUpdate = {
  body: TUpdateEstimateBody;
  /** The version the edit started from (If-Match); a stale copy fails with 409 and no toast. */
  version?: number;
  success: { title: string; description?: string };
  failure: { title: string; fallback: string };
};

/** The estimate page's save: 'Estimate Updated', or 'Update Failed' (spec part 2, section 8). */
export const PAGE_SAVE = {
  success: { title: 'Estimate Updated', description: 'Your changes have been saved.' },
  failure: { title: 'Update Failed', fallback: 'Failed to save changes. Please try again.' },
} as const;

/** The estimate page's fields as a stale-copy notice names them ("this estimate's number of cameras"). */
export const ESTIMATE_FIELD_WORDS: Record<string, string> = {
  title: 'title',
  jobName: 'job name',
  clientId: 'client',
  projectId: 'project',
  cameraType: 'camera type',
  cameraCount: 'number of cameras',
  wireLength: 'wire length',
  starlinkInstall: 'Starlink installation',
  propertyType: 'property type',
  location: 'location',
  additionalServices: 'additional services',
  laborHours: 'labor hours',
  specialRequirements: 'special requirements',
  description: 'description',
  totalCost: 'total cost',
};

/** PATCH /api/estimates/{id}: answers the updated estimate (null for a 202) and refreshes the list. */
export function useUpdateEstimate(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, version }: EstimateUpdate) => {
      const headers = version === undefined ? undefined : ifMatch(version);
      const answer = await apiRequest<TEstimate | TAccepted>(
        'PATCH',
        `${ESTIMATES_KEY}/${id}`,
        body,
        headers,
      );
      return isAccepted(answer) ? null : answer;
    },
    onSuccess: (estimate, { success }) => {
      if (estimate) queryClient.setQueryData(estimateQuery(id).queryKey, estimate);
      void queryClient.invalidateQueries({ queryKey: [ESTIMATES_KEY] });
      toast(success);
    },
    onError: (error, { failure }) => {
      if (!staleCopyOf(error)) callFailure(error, failure.title, failure.fallback);
    },
  });
}
