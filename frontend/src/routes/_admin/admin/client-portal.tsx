import { createFileRoute } from '@tanstack/react-router';
import { ClientPortalPage } from '../../../features/clients/admin-portal/ClientPortalPage';
import { parsePortalSearch } from '../../../features/clients/admin-portal/portal-search';

/** The admin's view of one client's portal. */
export const Route = createFileRoute('/_admin/admin/client-portal')({
  validateSearch: parsePortalSearch,
  component: function AdminClientPortalRoute() {
    return <ClientPortalPage clientId={Route.useSearch().clientId} />;
  },
});
