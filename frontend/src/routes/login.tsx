import { createFileRoute } from '@tanstack/react-router';
import { anonymousOnly } from '../auth/guards';
import { LoginPage } from '../auth/LoginPage';

export const Route = createFileRoute('/login')({
  beforeLoad: ({ context }) => anonymousOnly(context.queryClient),
  component: LoginPage,
});
