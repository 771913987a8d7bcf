import type { TUser } from '@app/contracts/api/users';
import { queryOptions } from '@tanstack/react-query';

/**
 * GET /api/users; the admin's live update for 'user' refreshes this key, and so does any refresh of the
 * clients (renaming a client renames its portal account).
 */
export const usersQuery = queryOptions<TUser[]>({
  queryKey: ['/api/users'],
  meta: { summarises: ['/api/clients'] },
});
