import type { TAccepted } from '@app/contracts/api/accepted';
import type { TProject, TProjectPatchBody } from '@app/contracts/api/projects';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { showAccepted } from '../../lib/accepted';
import { apiRequest, ifMatch, isAccepted } from '../../lib/api';
import { callFailure } from '../../lib/failure';
import { staleCopyOf } from '../../lib/stale-copy';
import { toast } from '../../ui/toast-store';
import { syncsCalendar } from './project-draft';
import { PROJECTS_KEY, projectQuery } from './project-query';

export type ProjectSave = {
  body: TProjectPatchBody;
  /** PUT is the dialog's whole form; PATCH is a few fields (job page, notes, a removed photo). */
  method: 'PUT' | 'PATCH';
  /** The version the form was filled from (If-Match); a stale copy fails with 409 and no toast. */
  version?: number;
  success: { title: string; description?: string };
  failure: string;
};

/** POST /api/projects/{id}/sync-calendar. A failure is only logged (spec part 1, section 8). */
export async function syncCalendar(id: number) {
  try {
    await apiRequest('POST', `${PROJECTS_KEY}/${id}/sync-calendar`);
  } catch (error) {
    console.error('Failed to sync to calendar', error);
  }
}

/**
 * PUT or PATCH /api/projects/{id}, then the calendar sync when the project has dates. The toasts live
 * here rather than at the call site because the dialog may close before a per-call callback could run; a
 * stale copy (409 stale_version) is the screen's to show, with what changed and Reload.
 */
export function useSaveProject(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ method, body, version }: ProjectSave) =>
      apiRequest<TProject | TAccepted>(
        method,
        `${PROJECTS_KEY}/${id}`,
        body,
        version === undefined ? undefined : ifMatch(version),
      ),
    onSuccess: (saved, { body, success }) => {
      if (isAccepted(saved)) return showAccepted(queryClient, saved, [PROJECTS_KEY]);
      queryClient.setQueryData(projectQuery(id).queryKey, saved);
      // The admin's list shows the change at once; the refetch below confirms it.
      queryClient.setQueryData<TProject[] | null>([PROJECTS_KEY], (list) =>
        list?.map((project) => (project.id === id ? saved : project)),
      );
      void queryClient.invalidateQueries({ queryKey: [PROJECTS_KEY] });
      toast(success);
      if (syncsCalendar(body)) void syncCalendar(id);
    },
    onError: (error, { failure }) => {
      if (!staleCopyOf(error)) callFailure(error, failure);
    },
  });
}
