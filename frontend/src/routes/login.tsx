import { createFileRoute } from '@tanstack/react-router';
import { anonymousOnly } from '../auth/guards';
import { LoginPage } from '../auth/LoginPage';
import { pageHead } from '../public/page-head';

export const Route = createFileRoute('/login')({
  head: pageHead(
    'Sign In',
    'Sign in to your Northern Guard account to follow your projects, sign documents, see quotes and pay invoices.',
  ),
  beforeLoad: ({ context }) => anonymousOnly(context.queryClient),
  component: LoginPage,
});
