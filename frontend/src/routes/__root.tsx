import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { sessionUser } from '../auth/guards';
import { useSignInAgainOnSessionLost } from '../auth/use-session-lost';
import { ErrorFallback } from '../ui/ErrorFallback';
import { NotFound } from '../ui/NotFound';
import { FullScreenSpinner } from '../ui/Spinner';
import { Toaster } from '../ui/Toaster';

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  // Every route waits for the session; meanwhile the full-screen spinner stands in for the page.
  beforeLoad: async ({ context }) => {
    await sessionUser(context.queryClient);
  },
  pendingComponent: FullScreenSpinner,
  pendingMs: 0,
  pendingMinMs: 0,
  component: function Root() {
    useSignInAgainOnSessionLost();
    return (
      <>
        <Outlet />
        <Toaster />
      </>
    );
  },
  errorComponent: ({ error }) => <ErrorFallback error={error} />,
  notFoundComponent: NotFound,
});
