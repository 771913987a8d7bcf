import type { TUser } from '@app/contracts/api/users';
import { queryOptions } from '@tanstack/react-query';

/** GET /api/users; the admin's live update for 'user' refreshes this key. */
export const usersQuery = queryOptions<TUser[]>({ queryKey: ['/api/users'] });
