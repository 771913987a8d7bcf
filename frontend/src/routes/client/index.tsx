import { createFileRoute } from '@tanstack/react-router';
import { clientRoute } from '../../auth/guards';
import { isAdmin, userQuery } from '../../auth/session';
import { ClientHome } from '../../portal/ClientHome';
import { prefetchClientDashboard } from '../../portal/queries';
import { contentQuery } from '../../public/content';

export const Route = createFileRoute('/client/')({
  beforeLoad: ({ context }) => clientRoute(context.queryClient),
  // Starts the dashboard's reads without waiting for them: the portal shows its own loading state and
  // joins the reads in flight (awaiting here would run a failing read's retries twice, here and on mount).
  // An admin is only told the portal is for clients, so nothing of a client's is read for them.
  loader: async ({ context }) => {
    const { queryClient } = context;
    const user = await clientRoute(queryClient);
    if (!isAdmin(user)) void prefetchClientDashboard(queryClient);
    // The greeting's name is read again on each visit: an admin may have renamed the client meanwhile.
    void queryClient.invalidateQueries({ queryKey: userQuery.queryKey });
    await queryClient.ensureQueryData(contentQuery);
  },
  component: ClientHome,
});
