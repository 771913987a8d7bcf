import type { TProject, TProjectListItem, TProjectsPage } from '@app/contracts/api/projects';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../lib/api';
import { apiRead } from '../../lib/paged-list';

/**
 * Every project read starts with this key, so one invalidation (a save here, or the admin's live
 * update for 'project') refreshes the lists and the open project together.
 */
export const PROJECTS_KEY = '/api/projects';

/** GET /api/projects/{id}: an admin reads any project, a client only their own (else 404). */
export const projectQuery = (id: number) =>
  queryOptions({
    queryKey: [PROJECTS_KEY, id],
    queryFn: async (): Promise<TProject | null> => {
      try {
        return await apiRequest<TProject>('GET', `${PROJECTS_KEY}/${id}`);
      } catch (error) {
        // As the default loader: a lost session reads as nothing, the screen decides what to do.
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
  });

/**
 * One client's projects as list rows, newest change first (`GET /api/projects?clientId=`): what a client's
 * project choice offers, without reading every project. A client's projects are few; 200 is the page's most.
 */
export const clientProjectsQuery = (clientId: number | null) =>
  queryOptions({
    queryKey: [PROJECTS_KEY, 'of-client', clientId],
    queryFn: async (): Promise<TProjectListItem[]> =>
      (await apiRead<TProjectsPage>(`${PROJECTS_KEY}?clientId=${clientId}&limit=200`)).items,
    enabled: clientId !== null,
  });

/** GET /api/projects: every project for an admin. */
export const projectsQuery = queryOptions<TProject[]>({ queryKey: [PROJECTS_KEY] });

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** The numeric id of a route parameter, or null for anything that cannot be a project id. */
export function projectIdOf(param: string): number | null {
  if (!/^\d{1,15}$/.test(param)) return null;
  const id = Number(param);
  return id > 0 ? id : null;
}
