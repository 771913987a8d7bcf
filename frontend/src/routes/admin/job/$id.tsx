import { createFileRoute } from '@tanstack/react-router';
import { JobPage } from '../../../admin/tracking/job/JobPage';
import { adminOnly } from '../../../auth/guards';
import { projectIdOf, projectQuery } from '../../../projects/project-query';

/** `fromClient`: opened from that client's portal view, so the back link returns there. */
const parseSearch = (search: Record<string, unknown>): { fromClient?: number } => {
  const id = Number(search.fromClient);
  return Number.isInteger(id) && id > 0 ? { fromClient: id } : {};
};

export const Route = createFileRoute('/admin/job/$id')({
  validateSearch: parseSearch,
  beforeLoad: ({ context }) => adminOnly(context.queryClient),
  // Starts the read; the page joins it (a missing project is the page's own 'Project Not Found').
  loader: ({ context, params }) => {
    const id = projectIdOf(params.id);
    if (id !== null) void context.queryClient.prefetchQuery(projectQuery(id));
  },
  component: function AdminJobRoute() {
    return <JobPage idParam={Route.useParams().id} fromClient={Route.useSearch().fromClient} />;
  },
});
