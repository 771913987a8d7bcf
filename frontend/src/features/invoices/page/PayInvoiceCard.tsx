import type { TInvoice } from '@app/contracts/api/invoices';
import { STRIPE_NOT_CONFIGURED } from '@app/contracts/api/invoices';
import { lazy, Suspense } from 'react';
import { Spinner } from '../../../ui/Spinner';
import { centsToUsd } from '../payment-list';

// Stripe's script is loaded only where a card can actually be taken: not for a page without card payments.
const CardPaymentForm = lazy(() => import('./CardPaymentForm'));

/** What is owed and how to pay it: the embedded card form and the hosted link, or that it is being set up. */
export function PayInvoiceCard({ invoice }: { invoice: TInvoice }) {
  const ready = invoice.cardPayments && invoice.stripePublishableKey !== null;
  return (
    <section aria-labelledby="pay-title" className="rounded-lg border border-blue-200 bg-white p-4 sm:p-6">
      <h2 id="pay-title" className="text-lg font-semibold text-slate-900">
        Pay Invoice
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Amount due: <span className="font-semibold text-slate-900">{centsToUsd(invoice.balanceCents)}</span>
      </p>
      {ready ? (
        <div className="mt-4 space-y-4">
          <Suspense fallback={<Spinner label="Setting up payment" />}>
            <CardPaymentForm invoice={invoice} publishableKey={invoice.stripePublishableKey!} />
          </Suspense>
          {invoice.stripeInvoiceUrl && (
            <p className="text-sm">
              Or{' '}
              <a
                href={invoice.stripeInvoiceUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="font-medium text-blue-700 underline"
              >
                pay on Stripe's secure invoice page
              </a>
              .
            </p>
          )}
        </div>
      ) : (
        <div className="mt-3 rounded-md bg-slate-50 p-3 text-sm text-slate-800" data-testid="payment-setup">
          <p className="font-medium">{STRIPE_NOT_CONFIGURED}</p>
          <p className="mt-1">Please contact us if you have any questions.</p>
        </div>
      )}
    </section>
  );
}
