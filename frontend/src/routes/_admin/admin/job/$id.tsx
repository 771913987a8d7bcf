import { createFileRoute } from '@tanstack/react-router';
import { JobPage } from '../../../../features/projects/admin/job/JobPage';
import { projectIdOf, projectQuery } from '../../../../features/projects/project-query';

/** `fromClient`: opened from that client's portal view, so the back link returns there. */
const parseSearch = (search: Record<string, unknown>): { fromClient?: number } => {
  const id = Number(search.fromClient);
  // Every key is answered, even when unset: the router keeps raw search values a validator leaves out.
  return { fromClient: Number.isInteger(id) && id > 0 ? id : undefined };
};

export const Route = createFileRoute('/_admin/admin/job/$id')({
  validateSearch: parseSearch,
  // Starts the read; the page joins it (a missing project is the page's own 'Project Not Found').
  loader: ({ context, params }) => {
    const id = projectIdOf(params.id);
    if (id !== null) void context.queryClient.prefetchQuery(projectQuery(id));
  },
  component: function AdminJobRoute() {
    return <JobPage idParam={Route.useParams().id} fromClient={Route.useSearch().fromClient} />;
  },
});
