import type { TCreateProjectBody, TProject } from '@app/contracts/api/projects';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { showAccepted } from '../../../lib/accepted';
import { createRecord, isAccepted } from '../../../lib/api';
import { callFailure } from '../../../lib/failure';
import { toast } from '../../../ui/toast-store';
import { PROJECTS_KEY, projectQuery } from '../project-query';

/** POST /api/projects. */
export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateProjectBody) => createRecord<TProject>(PROJECTS_KEY, body),
    onSuccess: (project) => {
      if (isAccepted(project)) return showAccepted(queryClient, project, [PROJECTS_KEY]);
      queryClient.setQueryData(projectQuery(project.id).queryKey, project);
      queryClient.setQueryData<TProject[]>([PROJECTS_KEY], (list) => (list ? [project, ...list] : list));
      // Every list of projects (the whole one, Project Tracking's pages) shows the new one.
      void queryClient.invalidateQueries({ queryKey: [PROJECTS_KEY] });
      toast({ title: 'Project created', description: `${project.title} for ${project.clientName}.` });
    },
    onError: (error) => callFailure(error, 'Project Creation Failed'),
  });
}
