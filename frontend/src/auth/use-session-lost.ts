import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { REDIRECT_DELAY_MS, SESSION_LOST } from '../lib/failure';
import { userQuery } from './session';

/** The root's half of `signInAgain`: /login follows after 500 ms, inside the app so the toast stays. */
export function useSignInAgainOnSessionLost() {
  const queryClient = useQueryClient();
  const router = useRouter();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onLost = () => {
      clearTimeout(timer);
      timer = setTimeout(async () => {
        queryClient.setQueryData(userQuery.queryKey, null);
        await router.navigate({ to: '/login' });
        // Nothing read under the ended session stays for whoever signs in next.
        queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== userQuery.queryKey[0] });
      }, REDIRECT_DELAY_MS);
    };
    window.addEventListener(SESSION_LOST, onLost);
    return () => {
      clearTimeout(timer);
      window.removeEventListener(SESSION_LOST, onLost);
    };
  }, [queryClient, router]);
}
