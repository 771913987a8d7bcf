import { ApiError, failureText, forgetToken } from '../lib/api';
import { errorToast } from '../ui/toast-store';

const REDIRECT_DELAY_MS = 500;

/** A failed admin call: a lost session sends the admin to sign in again; anything else is a toast. */
export function adminFailure(error: unknown, title: string, fallback = 'Please try again.') {
  if (error instanceof ApiError && error.status === 401) {
    errorToast('Unauthorized', 'You are logged out. Logging in again...');
    forgetToken();
    setTimeout(() => window.location.assign('/login'), REDIRECT_DELAY_MS);
    return;
  }
  errorToast(title, failureText(error, fallback));
}
