import type { TClient } from '@app/contracts/api/clients';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';

/** GET /api/clients; the admin's live update for 'client' refreshes this key. */
export const clientsQuery = queryOptions<TClient[]>({ queryKey: ['/api/clients'] });

/** GET /api/clients/{id}: one client as stored now (Edit Client's Reload). */
export const clientQuery = (id: number) =>
  queryOptions({
    queryKey: ['/api/clients', id],
    queryFn: () => apiRequest<TClient>('GET', `/api/clients/${id}`),
    staleTime: 0,
  });

/** Edit Client's fields as a stale-copy notice names them ("this client's phone and address"). */
export const CLIENT_FIELD_WORDS: Record<string, string> = {
  name: 'name',
  email: 'email',
  phone: 'phone',
  address: 'address',
};
