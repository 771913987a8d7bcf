import type { QueryClient } from '@tanstack/react-query';
import { apiRequest, forgetToken, storeToken } from '../lib/api';
import { type SessionUser, userQuery } from './session';

export type LoginAnswer = { token: string; user: SessionUser; needsPasswordChange: boolean };

export async function logIn(queryClient: QueryClient, email: string, password: string): Promise<LoginAnswer> {
  const answer = await apiRequest<LoginAnswer>('POST', '/api/auth/login', { email, password });
  storeToken(answer.token);
  queryClient.setQueryData(userQuery.queryKey, answer.user);
  return answer;
}

export const changePassword = (currentPassword: string, newPassword: string) =>
  apiRequest('POST', '/api/auth/change-password', { currentPassword, newPassword });

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
