import type { TClient } from '@app/contracts/api/clients';
import type { TProject } from '@app/contracts/api/projects';
import { queryOptions } from '@tanstack/react-query';
import { apiRead } from '../../../lib/paged-list';
import { PROJECTS_KEY } from '../../projects/project-query';

/**
 * GET /api/clients: every client (the pickers'), or with a query a page of the Clients view's rows; the admin's
 * live update for 'client' refreshes every query whose key starts with it.
 */
export const CLIENTS_KEY = '/api/clients';
export const clientsQuery = queryOptions<TClient[]>({ queryKey: [CLIENTS_KEY] });

/** GET /api/projects/client/{id}: the client's projects (the Information dialog), refreshed with the projects. */
export const clientProjectsQuery = (clientId: number) =>
  queryOptions({
    queryKey: [PROJECTS_KEY, 'client', clientId],
    queryFn: () => apiRead<TProject[]>(`${PROJECTS_KEY}/client/${clientId}`),
  });

/** GET /api/clients/{id}: one client as stored now (Edit Client's Reload). */
export const clientQuery = (id: number) =>
  queryOptions({
    queryKey: ['/api/clients', id],
    queryFn: () => apiRead<TClient>(`/api/clients/${id}`),
    staleTime: 0,
  });

/** Edit Client's fields as a stale-copy notice names them ("this client's phone and address"). */
export const CLIENT_FIELD_WORDS: Record<string, string> = {
  name: 'name',
  email: 'email',
  phone: 'phone',
  address: 'address',
};
