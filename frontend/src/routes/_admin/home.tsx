import { createFileRoute, redirect } from '@tanstack/react-router';

/** An older admin address: the back-office now lives at /admin. */
export const Route = createFileRoute('/_admin/home')({
  beforeLoad: () => {
    throw redirect({ to: '/admin' });
  },
});
