import { createFileRoute, redirect } from '@tanstack/react-router';
import { signedIn } from '../auth/guards';
import { isAdmin } from '../auth/session';

// The spec reads /dashboard two ways; we keep one: it sends admins to /admin and everyone else to /client.
export const Route = createFileRoute('/dashboard')({
  beforeLoad: async ({ context }) => {
    const user = await signedIn(context.queryClient);
    throw redirect({ to: isAdmin(user) ? '/admin' : '/client' });
  },
});
