import { createFileRoute, redirect } from '@tanstack/react-router';
import { adminOnly } from '../auth/guards';

/** An older admin address: the back-office now lives at /admin. */
export const Route = createFileRoute('/home')({
  beforeLoad: async ({ context }) => {
    await adminOnly(context.queryClient);
    throw redirect({ to: '/admin' });
  },
});
