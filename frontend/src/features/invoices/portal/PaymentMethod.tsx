import { STRIPE_NOT_CONFIGURED } from '@app/contracts/api/invoices';
import { BILLING_SERVICE_LABELS } from '@app/contracts/billing/rules';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { failureText } from '../../../lib/api';
import { Button } from '../../../ui/Button';
import { Spinner } from '../../../ui/Spinner';
import { cardExpired, cardLabel, expiryText, savedCardQuery } from '../saved-card';

// Stripe's script is loaded only when the client opens the form, as on the invoice page.
const SaveCardForm = lazy(() => import('./SaveCardForm'));

const SERVICES = Object.values(BILLING_SERVICE_LABELS).join(', ');

/**
 * The portal's Automatic Payment section (issue 15.8): the card the client's recurring services are charged to,
 * and the form that saves or replaces it; without Stripe keys, that payment processing is being set up.
 */
export function PaymentMethod() {
  const query = useQuery(savedCardQuery);
  const [editing, setEditing] = useState(false);
  const body = () => {
    if (query.isPending) return <Spinner label="Loading your payment method" />;
    if (query.isError)
      return (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-red-900">
          <p className="font-semibold">Error Loading Payment Method</p>
          <p className="mt-1 text-sm">{failureText(query.error, 'Your saved card could not be loaded.')}</p>
          <Button variant="outline" className="mt-3" onClick={() => void query.refetch()}>
            Retry
          </Button>
        </div>
      );
    const { card, cardPayments, stripePublishableKey } = query.data;
    const expiry = card && expiryText(card);
    const expired = card !== null && cardExpired(card, new Date());
    return (
      <div className="space-y-4">
        {card ? (
          <div data-testid="saved-card" className="rounded-md border border-slate-200 bg-slate-50 p-3">
            <p className="font-medium text-slate-900">{cardLabel(card)}</p>
            {expiry && (
              <p className={`text-sm ${expired ? 'font-medium text-red-700' : 'text-slate-700'}`}>
                {expiry}
                {expired && ' (expired: please save a new card)'}
              </p>
            )}
          </div>
        ) : (
          <p className="text-sm text-slate-700" data-testid="no-saved-card">
            No card saved yet. We send you each invoice to pay.
          </p>
        )}
        {!cardPayments || stripePublishableKey === null ? (
          <div className="rounded-md bg-slate-50 p-3 text-sm text-slate-800" data-testid="card-setup">
            <p className="font-medium">{STRIPE_NOT_CONFIGURED}</p>
            <p className="mt-1">Please contact us if you have any questions.</p>
          </div>
        ) : editing ? (
          <Suspense fallback={<Spinner label="Setting up the card form" />}>
            <SaveCardForm
              publishableKey={stripePublishableKey}
              onDone={() => setEditing(false)}
              onCancel={() => setEditing(false)}
            />
          </Suspense>
        ) : (
          <Button onClick={() => setEditing(true)}>{card ? 'Replace Card' : 'Save a Card'}</Button>
        )}
      </div>
    );
  };
  return (
    <section
      aria-labelledby="payment-method-title"
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <div>
        <h3 id="payment-method-title" className="text-lg font-semibold text-slate-900">
          Automatic Payment
        </h3>
        <p className="mt-1 text-sm text-slate-700">
          Save a card and we charge it for your recurring services ({SERVICES}) when each invoice is issued.
        </p>
      </div>
      {body()}
    </section>
  );
}
