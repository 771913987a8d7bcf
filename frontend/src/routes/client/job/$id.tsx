import { createFileRoute } from '@tanstack/react-router';
import { clientRoute } from '../../../auth/guards';
import { ClientJobPage } from '../../../features/projects/portal/ClientJobPage';
import { projectIdOf, projectQuery } from '../../../features/projects/project-query';
import { portalRetry } from '../../../portal/queries';
import { contentQuery } from '../../../public/content';

export const Route = createFileRoute('/client/job/$id')({
  beforeLoad: ({ context }) => clientRoute(context.queryClient),
  // The layout needs the site content; the project read starts here and the page joins it (a missing
  // project is the page's own 'Project Not Found', not a route error).
  loader: async ({ context, params }) => {
    const id = projectIdOf(params.id);
    if (id !== null) void context.queryClient.prefetchQuery({ ...projectQuery(id), retry: portalRetry });
    await context.queryClient.ensureQueryData(contentQuery);
  },
  component: function ClientJobRoute() {
    return <ClientJobPage idParam={Route.useParams().id} />;
  },
});
