import { createFileRoute } from '@tanstack/react-router';
import { signedIn } from '../../auth/guards';
import { InvoicePage } from '../../features/invoices/page/InvoicePage';
import { invoiceIdOf, invoiceQuery } from '../../features/invoices/payments-query';

// Admins and the invoice's own client (the server answers 404 to anyone else: 'Invoice Not Found').
export const Route = createFileRoute('/invoice/$invoiceId')({
  beforeLoad: ({ context }) => signedIn(context.queryClient),
  loader: ({ context, params }) => {
    const id = invoiceIdOf(params.invoiceId);
    if (id !== null) void context.queryClient.prefetchQuery(invoiceQuery(id));
  },
  component: function InvoiceRoute() {
    return <InvoicePage idParam={Route.useParams().invoiceId} />;
  },
});
