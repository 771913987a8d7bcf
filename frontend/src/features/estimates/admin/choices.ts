import type { TClient } from '@app/contracts/api/clients';
import { queryOptions } from '@tanstack/react-query';

/** GET /api/clients: whom an estimate is for (the same list the Clients view reads). */
export const clientsQuery = queryOptions<TClient[]>({ queryKey: ['/api/clients'] });
