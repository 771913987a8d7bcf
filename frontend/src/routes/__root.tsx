import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, HeadContent, Outlet } from '@tanstack/react-router';
import { sessionUser } from '../auth/guards';
import { useSignInAgainOnSessionLost } from '../auth/use-session-lost';
import { pageHead } from '../public/page-head';
import { ErrorFallback } from '../ui/ErrorFallback';
import { NotFound } from '../ui/NotFound';
import { FullScreenSpinner } from '../ui/Spinner';
import { Toaster } from '../ui/Toaster';

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  // Every route waits for the session; meanwhile the full-screen spinner stands in for the page.
  beforeLoad: async ({ context }) => {
    await sessionUser(context.queryClient);
  },
  // Pages without a head of their own (the portal, the back office) get the company name and its line.
  head: pageHead(
    null,
    'Security cameras, Starlink satellite internet and websites for homes and businesses across Alaska.',
  ),
  pendingComponent: FullScreenSpinner,
  pendingMs: 0,
  pendingMinMs: 0,
  component: function Root() {
    useSignInAgainOnSessionLost();
    return (
      <>
        <HeadContent />
        <Outlet />
        <Toaster />
      </>
    );
  },
  errorComponent: ({ error }) => <ErrorFallback error={error} />,
  notFoundComponent: NotFound,
});
