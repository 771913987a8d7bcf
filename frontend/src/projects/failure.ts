import { ApiError, failureText, forgetToken } from '../lib/api';
import { errorToast } from '../ui/toast-store';

const REDIRECT_DELAY_MS = 500;

/** A lost session (spec part 1, section 8 "Unauthorized in portal"): say so, then sign in again. */
export function signInAgain() {
  errorToast('Unauthorized', 'You are logged out. Logging in again...');
  forgetToken();
  setTimeout(() => window.location.assign('/login'), REDIRECT_DELAY_MS);
}

/**
 * A failed project call, for the admin and the client screens alike (this folder may not import the
 * admin's helper): a 401 signs in again, anything else is a toast with the server's message preferred.
 */
export function projectFailure(error: unknown, title: string, fallback = 'Please try again.') {
  if (error instanceof ApiError && error.status === 401) return signInAgain();
  errorToast(title, failureText(error, fallback));
}
