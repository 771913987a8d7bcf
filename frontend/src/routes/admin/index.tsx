import { createFileRoute } from '@tanstack/react-router';
import { AdminDashboard } from '../../admin/AdminDashboard';
import { parseAdminSearch } from '../../admin/views';
import { adminOnly } from '../../auth/guards';

export const Route = createFileRoute('/admin/')({
  validateSearch: parseAdminSearch,
  beforeLoad: ({ context }) => adminOnly(context.queryClient),
  component: AdminDashboard,
});
