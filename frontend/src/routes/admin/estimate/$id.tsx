import { createFileRoute } from '@tanstack/react-router';
import { adminOnly } from '../../../auth/guards';
import { NotFound } from '../../../ui/NotFound';

// Guarded now; the page itself arrives with its own slice of work, until then the address is not found.
export const Route = createFileRoute('/admin/estimate/$id')({
  beforeLoad: ({ context }) => adminOnly(context.queryClient),
  component: NotFound,
});
