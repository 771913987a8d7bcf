import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { failureText } from '../../../lib/api';
import { formatDay } from '../../../lib/format';
import { Button } from '../../../ui/Button';
import { Spinner } from '../../../ui/Spinner';
import { PaymentStatusBadge } from '../PaymentStatusBadge';
import { alaskaToday, centsToUsd, overdue } from '../payment-list';
import { clientPaymentsQuery } from '../payments-query';

/** The portal's Payments view: the client's invoices, what is paid and owed, each opening its invoice page. */
export function ClientPayments() {
  const query = useQuery({ ...clientPaymentsQuery, refetchOnMount: 'always' });
  const todayDay = alaskaToday();
  if (query.isPending)
    return (
      <div className="grid place-items-center py-16">
        <Spinner label="Loading your payments" />
      </div>
    );
  if (query.isError || !query.data)
    return (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6 text-red-900">
        <p className="font-semibold">Error Loading Payments</p>
        <p className="mt-1 text-sm">{failureText(query.error, 'Your payments could not be loaded.')}</p>
        <Button variant="outline" className="mt-3" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </div>
    );
  if (query.data.length === 0)
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
        {query.data.map((payment) => {
          const late = overdue(payment, todayDay);
          return (
            <li
              key={payment.id}
              data-testid="client-invoice"
              className="space-y-2 rounded-lg border border-slate-200 bg-white p-4"
            >
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-semibold break-words text-slate-900">{payment.invoiceNumber}</p>
                  <p className="text-sm break-words text-slate-700">{payment.projectTitle}</p>
                </div>
                <div className="flex flex-wrap gap-1">
                  <PaymentStatusBadge status={payment.status} />
                  {late && <PaymentStatusBadge status="overdue" />}
                </div>
              </div>
              <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
                <div>
                  <dt className="text-slate-600">Amount</dt>
                  <dd className="font-medium text-slate-900">{centsToUsd(payment.amountCents)}</dd>
                </div>
                <div>
                  <dt className="text-slate-600">Paid</dt>
                  <dd className="text-slate-900">{centsToUsd(payment.paidCents)}</dd>
                </div>
                <div>
                  <dt className="text-slate-600">Balance</dt>
                  <dd className="text-slate-900">{centsToUsd(payment.balanceCents)}</dd>
                </div>
                <div>
                  <dt className="text-slate-600">Due</dt>
                  <dd className={late ? 'font-medium text-red-700' : 'text-slate-900'}>
                    {formatDay(payment.dueDate)}
                  </dd>
                </div>
              </dl>
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
    </section>
  );
}
