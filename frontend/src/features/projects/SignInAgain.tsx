import { useEffect } from 'react';
import { signInAgain } from '../../lib/failure';

/** Rendered when a read finds the session gone: the toast, then sign-in after 500 ms. */
export function SignInAgain() {
  useEffect(() => signInAgain(), []);
  return null;
}
