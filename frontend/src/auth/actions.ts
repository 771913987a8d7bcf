import type { QueryClient } from '@tanstack/react-query';
import { apiRequest, forgetToken, storeToken } from '../lib/api';
import { type SessionUser, userQuery } from './session';

export type LoginAnswer = { token: string; user: SessionUser; needsPasswordChange: boolean };

/**
 * Signs in. A temporary-password session is not kept: its token stays with the Create New Password box
 * (the only thing it may do is change the password), so leaving the box leaves the visitor signed out.
 */
export async function logIn(queryClient: QueryClient, email: string, password: string): Promise<LoginAnswer> {
  const answer = await apiRequest<LoginAnswer>('POST', '/api/auth/login', { email, password });
  if (answer.needsPasswordChange) return answer;
  keepSession(queryClient, answer);
  return answer;
}

/**
 * Keeps a session: its token for every request, its user for the screens. After a forced password change
 * this is the session that changed it (the server keeps it and frees it to work), so no second sign-in is
 * made, which would count against the sign-in limits.
 */
export function keepSession(queryClient: QueryClient, answer: Pick<LoginAnswer, 'token' | 'user'>) {
  storeToken(answer.token);
  queryClient.setQueryData(userQuery.queryKey, answer.user);
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Replaces a temporary password, with the session that signed in with it. */
export const changePassword = (token: string, currentPassword: string, newPassword: string) =>
  apiRequest('POST', '/api/auth/change-password', { currentPassword, newPassword }, bearer(token));

/** Ends a temporary-password session left without a new password (best effort: it expires anyway). */
export function abandonSession(token: string) {
  void fetch('/api/auth/logout', { method: 'POST', headers: bearer(token), keepalive: true }).catch(
    () => undefined,
  );
}

/** Logout: tell the server, drop the token and every cached answer, go to /login. */
export async function logOut(queryClient: QueryClient, navigateToLogin: () => void) {
  try {
    await apiRequest('POST', '/api/auth/logout');
  } catch {
    // signed out locally even when the server cannot be reached; the session expires on its own
  }
  forgetToken();
  queryClient.clear();
  queryClient.setQueryData(userQuery.queryKey, null);
  navigateToLogin();
}
