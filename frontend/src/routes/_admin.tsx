import { createFileRoute, Outlet } from '@tanstack/react-router';
import { adminOnly } from '../auth/guards';

/**
 * The pathless layout every admin page sits under (/admin..., and the older /home and /job/{id}): one guard
 * for all of them. Signed-out visitors sign in; a signed-in non-admin is sent to the home page.
 */
export const Route = createFileRoute('/_admin')({
  beforeLoad: ({ context }) => adminOnly(context.queryClient),
  component: Outlet,
});
