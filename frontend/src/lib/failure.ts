import { errorToast } from '../ui/toast-store';
import { ApiError, failureText, forgetToken } from './api';

const REDIRECT_DELAY_MS = 500;

/** A lost session (spec: "Unauthorized in portal", and the admin's 401): say so, then sign in again. */
export function signInAgain() {
  errorToast('Unauthorized', 'You are logged out. Logging in again...');
  forgetToken();
  setTimeout(() => window.location.assign('/login'), REDIRECT_DELAY_MS);
}

/** A failed call: a 401 signs in again; anything else is a toast, the server's message preferred. */
export function callFailure(error: unknown, title: string, fallback = 'Please try again.') {
  if (error instanceof ApiError && error.status === 401) return signInAgain();
  errorToast(title, failureText(error, fallback));
}
