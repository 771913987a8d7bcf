import { createFileRoute } from '@tanstack/react-router';
import { signedIn } from '../auth/guards';
import { NotFound } from '../ui/NotFound';

// The card payment's return address; its page arrives with the invoices slice of work.
export const Route = createFileRoute('/payment-success')({
  beforeLoad: ({ context }) => signedIn(context.queryClient),
  component: NotFound,
});
