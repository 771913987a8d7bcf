import { createFileRoute } from '@tanstack/react-router';
import { AdminDashboard } from '../../../admin/AdminDashboard';
import { parseAdminSearch } from '../../../admin/views';

export const Route = createFileRoute('/_admin/admin/')({
  validateSearch: parseAdminSearch,
  component: AdminDashboard,
});
