import { PAYMENT_METHOD_LABELS } from '@app/contracts/invoices/rules';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callFailure } from '../../../lib/failure';
import { formatInstant } from '../../../lib/format';
import { Spinner } from '../../../ui/Spinner';
import { centsToUsd } from '../payment-list';
import { invoiceQuery } from '../payments-query';

/** The money received for an invoice, as its ledger records it. */
export function Ledger({ invoiceId }: { invoiceId: number }) {
  const invoice = useQuery(invoiceQuery(invoiceId));
  useEffect(() => {
    if (invoice.isError) callFailure(invoice.error, 'Failed to open payment details');
  }, [invoice.isError, invoice.error]);
  return (
    <section aria-label="Payments received" className="space-y-2">
      <h3 className="font-semibold text-slate-900">Payments received</h3>
      {invoice.isPending ? (
        <Spinner label="Loading payments" />
      ) : !invoice.data || invoice.data.payments.length === 0 ? (
        <p className="text-sm text-slate-700">No payments received yet.</p>
      ) : (
        <ul className="divide-y divide-slate-200 text-sm" data-testid="ledger">
          {invoice.data.payments.map((entry) => (
            <li key={entry.paymentId} className="flex flex-wrap justify-between gap-2 py-2">
              <span>
                {formatInstant(entry.paidAt)} ·{' '}
                {entry.method === 'custom' && entry.customMethod
                  ? entry.customMethod
                  : PAYMENT_METHOD_LABELS[entry.method]}
                {entry.transactionId ? ` · ${entry.transactionId}` : ''}
              </span>
              <span className="font-medium">{centsToUsd(entry.amountCents)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
