import { createFileRoute, redirect } from '@tanstack/react-router';
import { adminOnly } from '../../auth/guards';

/** An older admin address for a job: the job page now lives at /admin/job/{id}. */
export const Route = createFileRoute('/job/$id')({
  beforeLoad: async ({ context, params }) => {
    await adminOnly(context.queryClient);
    throw redirect({ to: '/admin/job/$id', params: { id: params.id } });
  },
});
