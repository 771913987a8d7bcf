import type { TClient } from '@app/contracts/api/clients';
import { queryOptions } from '@tanstack/react-query';

/** GET /api/clients; the admin's live update for 'client' refreshes this key. */
export const clientsQuery = queryOptions<TClient[]>({ queryKey: ['/api/clients'] });
