import { createFileRoute } from '@tanstack/react-router';
import { signedIn } from '../../auth/guards';
import { NotFound } from '../../ui/NotFound';

// Admins and clients; the invoice page arrives with the invoices slice of work.
export const Route = createFileRoute('/invoice/$invoiceId')({
  beforeLoad: ({ context }) => signedIn(context.queryClient),
  component: NotFound,
});
