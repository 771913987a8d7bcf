import type { TPayment } from '@app/contracts/api/invoices';
import { Link } from '@tanstack/react-router';
import { failureText } from '../../../lib/api';
import { usePagedList } from '../../../lib/paged-list';
import { showing } from '../../../lib/showing';
import { Button } from '../../../ui/Button';
import { PagedFooter } from '../../../ui/ShowMore';
import { Spinner } from '../../../ui/Spinner';
import { PaymentSummary } from '../PaymentSummary';
import { alaskaToday, overdue } from '../payment-list';
import { CLIENT_PAYMENTS_KEY } from '../payments-query';

const showingInvoices = showing('invoice', 'invoices');

/**
 * The portal's Payments view: the client's invoices, newest first, a page at a time (GET
 * /api/payments/client?limit=), what is paid and owed, each opening its invoice page.
 */
export function ClientPayments() {
  const query = usePagedList<TPayment>(CLIENT_PAYMENTS_KEY, {}, 12, { refetchOnMount: 'always' });
  const todayDay = alaskaToday();
  if (query.isPending)
    return (
      <div className="grid place-items-center py-16">
        <Spinner label="Loading your payments" />
      </div>
    );
  if (query.isError && query.items.length === 0)
    return (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6 text-red-900">
        <p className="font-semibold">Error Loading Payments</p>
        <p className="mt-1 text-sm">{failureText(query.error, 'Your payments could not be loaded.')}</p>
        <Button variant="outline" className="mt-3" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </div>
    );
  if (query.items.length === 0)
    return (
      <div className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
        <p className="text-base font-semibold text-slate-900">No invoices yet</p>
        <p className="mt-1 text-sm text-slate-700">Invoices we send you will appear here.</p>
      </div>
    );
  return (
    <section aria-labelledby="client-payments-title" className="space-y-3">
      <h3 id="client-payments-title" className="text-lg font-semibold text-slate-900">
        Your Invoices
      </h3>
      <ul className="space-y-3">
        {query.items.map((payment) => {
          const late = overdue(payment, todayDay);
          return (
            <li
              key={payment.id}
              data-testid="client-invoice"
              className="space-y-2 rounded-lg border border-slate-200 bg-white p-4"
            >
              <PaymentSummary payment={payment} subtitle={payment.projectTitle} late={late} />
              <Link
                to="/invoice/$invoiceId"
                params={{ invoiceId: String(payment.id) }}
                className="inline-block font-medium text-blue-700 underline"
                aria-label={`View invoice ${payment.invoiceNumber}`}
              >
                {payment.status === 'pending' && payment.balanceCents > 0 ? 'View & Pay' : 'View Invoice'}
              </Link>
            </li>
          );
        })}
      </ul>
      <PagedFooter
        list={query}
        shown={query.items.length}
        showing={showingInvoices}
        label="Show More Invoices"
      />
    </section>
  );
}
