import { createFileRoute } from '@tanstack/react-router';
import { JobPage } from '../../../admin/tracking/job/JobPage';
import { adminOnly } from '../../../auth/guards';
import { projectIdOf, projectQuery } from '../../../projects/project-query';

export const Route = createFileRoute('/admin/job/$id')({
  beforeLoad: ({ context }) => adminOnly(context.queryClient),
  // Starts the read; the page joins it (a missing project is the page's own 'Project Not Found').
  loader: ({ context, params }) => {
    const id = projectIdOf(params.id);
    if (id !== null) void context.queryClient.prefetchQuery(projectQuery(id));
  },
  component: function AdminJobRoute() {
    return <JobPage idParam={Route.useParams().id} />;
  },
});
