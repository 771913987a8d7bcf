import type { TUser } from '@app/contracts/api/users';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiRequest, forgetToken, storedToken } from '../lib/api';

export type SessionUser = TUser;

/**
 * The signed-in user (spec part 1, section 4 "User fetch"): no token means signed out; a 401 or 403
 * discards the token and means signed out; any other failure also discards it and reports
 * 'Failed to fetch user'. Fresh for 5 minutes, no retry.
 */
export const userQuery = queryOptions({
  queryKey: ['/api/auth/user'],
  staleTime: 5 * 60 * 1000,
  retry: false,
  queryFn: async (): Promise<SessionUser | null> => {
    if (!storedToken()) return null;
    try {
      return await apiRequest<SessionUser>('GET', '/api/auth/user', undefined, {
        'Cache-Control': 'no-cache',
      });
    } catch (error) {
      forgetToken();
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return null;
      throw new Error('Failed to fetch user');
    }
  },
});

export const isAdmin = (user: SessionUser | null | undefined) => user?.role === 'admin';

/** Where a user goes after signing in: admins to the home page, everyone else to their portal. */
export const homeAfterSignIn = (user: SessionUser) => (isAdmin(user) ? '/' : '/client');
