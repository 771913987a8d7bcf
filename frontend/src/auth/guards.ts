import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { storedToken } from '../lib/api';
import { sessionLostToast } from '../lib/failure';
import { homeAfterSignIn, isAdmin, type SessionUser, userQuery } from './session';

/** Route guards, run in `beforeLoad`. The server enforces the same rules; these only choose the screen. */
export async function sessionUser(queryClient: QueryClient): Promise<SessionUser | null> {
  try {
    return await queryClient.ensureQueryData(userQuery);
  } catch {
    return null; // 'Failed to fetch user': the token is gone, the visitor is signed out
  }
}

/** /login is for signed-out visitors; a signed-in user goes where sign-in would have sent them. */
export async function anonymousOnly(queryClient: QueryClient) {
  const user = await sessionUser(queryClient);
  if (user) throw redirect({ to: homeAfterSignIn(user) });
}

/** A page for signed-in users; a session that has ended on the server says so on the way to sign-in. */
export async function signedIn(queryClient: QueryClient): Promise<SessionUser> {
  const heldSession = storedToken() !== null;
  const user = await sessionUser(queryClient);
  if (!user) {
    if (heldSession) sessionLostToast();
    throw redirect({ to: '/login' });
  }
  return user;
}

/** Admin routes: signed-out visitors sign in; a signed-in non-admin is sent to the home page. */
export async function adminOnly(queryClient: QueryClient): Promise<SessionUser> {
  const user = await signedIn(queryClient);
  if (!isAdmin(user)) throw redirect({ to: '/' });
  return user;
}

/**
 * Client routes let any signed-in user in; the page itself tells an admin
 * 'Access Denied - This portal is for clients only.' (spec part 1, section 6).
 */
export const clientRoute = signedIn;
