import { createFileRoute } from '@tanstack/react-router';
import { ClientPortalPage } from '../../admin/client-portal/ClientPortalPage';
import { parsePortalSearch } from '../../admin/client-portal/portal-search';
import { adminOnly } from '../../auth/guards';

/** The admin's view of one client's portal; non-admins are sent to / by the guard. */
export const Route = createFileRoute('/admin/client-portal')({
  validateSearch: parsePortalSearch,
  beforeLoad: ({ context }) => adminOnly(context.queryClient),
  component: function AdminClientPortalRoute() {
    return <ClientPortalPage clientId={Route.useSearch().clientId} />;
  },
});
