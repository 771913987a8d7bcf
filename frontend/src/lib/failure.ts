import { errorToast } from '../ui/toast-store';
import { ApiError, failureText, forgetToken } from './api';

/** The event the root route listens for to send the visitor to /login (it owns the router). */
export const SESSION_LOST = 'ng:session-lost';
export const REDIRECT_DELAY_MS = 500;
let announcedAt = 0;

/**
 * A lost session (spec: "Unauthorized in portal", and the admin's 401): the toast, the token dropped, and
 * the root route sends the visitor to /login after 500 ms, inside the app so the toast stays on screen.
 * Several reads failing at once announce it once.
 */
export function signInAgain() {
  if (!sessionLostToast()) return;
  forgetToken();
  window.dispatchEvent(new Event(SESSION_LOST));
}

/** The spec's 'Unauthorized' toast, once however many reads fail together; false when already shown. */
export function sessionLostToast() {
  if (Date.now() - announcedAt < 2000) return false;
  announcedAt = Date.now();
  errorToast('Unauthorized', 'You are logged out. Logging in again...');
  return true;
}

/** A failed call: a 401 signs in again; anything else is a toast, the server's message preferred. */
export function callFailure(error: unknown, title: string, fallback = 'Please try again.') {
  if (error instanceof ApiError && error.status === 401) return signInAgain();
  errorToast(title, failureText(error, fallback));
}
