import { createFileRoute, redirect } from '@tanstack/react-router';

/** An older admin address for a job: the job page now lives at /admin/job/{id}. */
export const Route = createFileRoute('/_admin/job/$id')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/admin/job/$id', params: { id: params.id } });
  },
});
