import type { TClient } from '@app/contracts/api/clients';
import type { TProject } from '@app/contracts/api/projects';
import { queryOptions } from '@tanstack/react-query';

/** GET /api/clients: whom an estimate is for (the same list the Clients view reads). */
export const clientsQuery = queryOptions<TClient[]>({ queryKey: ['/api/clients'] });

/** The projects an estimate of this client may belong to: that client's only. */
export const projectsOfClient = (projects: readonly TProject[], clientId: number | null) =>
  clientId === null ? [] : projects.filter((project) => project.clientId === clientId);
