import { createFileRoute } from '@tanstack/react-router';
import { clientRoute } from '../../../auth/guards';
import { NotFound } from '../../../ui/NotFound';

// Guarded now; the project page arrives with the projects slice of work.
export const Route = createFileRoute('/client/job/$id')({
  beforeLoad: ({ context }) => clientRoute(context.queryClient),
  component: NotFound,
});
