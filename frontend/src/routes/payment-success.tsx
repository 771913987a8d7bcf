import { createFileRoute } from '@tanstack/react-router';
import { signedIn } from '../auth/guards';
import { PaymentSuccessPage } from '../features/invoices/page/PaymentSuccessPage';
import { invoiceIdOf } from '../features/invoices/payments-query';

// The card payment's return address: ?project={id} (anything else is dropped).
export const Route = createFileRoute('/payment-success')({
  validateSearch: (search: Record<string, unknown>): { project?: number } => {
    const id = invoiceIdOf(String(search.project ?? ''));
    return { project: id ?? undefined };
  },
  beforeLoad: ({ context }) => signedIn(context.queryClient),
  component: function PaymentSuccessRoute() {
    return <PaymentSuccessPage projectId={Route.useSearch().project ?? null} />;
  },
});
