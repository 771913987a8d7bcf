import type { TInvoice } from '@app/contracts/api/invoices';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { useEffect, useState } from 'react';
import { failureText } from '../../../lib/api';
import { Button } from '../../../ui/Button';
import { Spinner } from '../../../ui/Spinner';
import { errorToast } from '../../../ui/toast-store';
import { createPaymentIntent } from '../create-payment-intent';
import { centsToDollarText, centsToUsd } from '../payment-list';
import { STRIPE_APPEARANCE, stripeFor } from '../stripe-loader';

type Setup =
  | { state: 'setting-up' }
  | { state: 'ready'; clientSecret: string; stripe: Stripe }
  | { state: 'error' };

/** The embedded card form: a payment intent for the balance, then Stripe's Payment Element. */
export default function CardPaymentForm({
  invoice,
  publishableKey,
}: {
  invoice: TInvoice;
  publishableKey: string;
}) {
  const [setup, setSetup] = useState<Setup>({ state: 'setting-up' });
  useEffect(() => {
    let live = true;
    // Stripe's script and the payment intent together; either failing is a setup failure.
    Promise.all([
      stripeFor(publishableKey).then((stripe) => {
        if (!stripe) throw new Error('Stripe could not be loaded.');
        return stripe;
      }),
      createPaymentIntent({
        invoiceId: invoice.id,
        projectId: invoice.project.id,
        amount: centsToDollarText(invoice.balanceCents),
        description: `Invoice ${invoice.invoiceNumber}`,
      }),
    ]).then(
      ([stripe, clientSecret]) => live && setSetup({ state: 'ready', clientSecret, stripe }),
      (error: unknown) => {
        if (!live) return;
        setSetup({ state: 'error' });
        errorToast('Payment Setup Failed', failureText(error, 'Failed to setup payment. Please try again.'));
      },
    );
    return () => {
      live = false;
    };
  }, [publishableKey, invoice.id, invoice.project.id, invoice.balanceCents, invoice.invoiceNumber]);

  if (setup.state === 'setting-up') return <Spinner label="Setting up payment" />;
  if (setup.state === 'error')
    return (
      <p role="alert" className="text-sm text-red-700">
        Unable to setup payment. Please contact support.
      </p>
    );
  return (
    <Elements
      stripe={stripeFor(publishableKey)}
      options={{ clientSecret: setup.clientSecret, appearance: STRIPE_APPEARANCE }}
    >
      <ConfirmCard projectId={invoice.project.id} amountCents={invoice.balanceCents} />
    </Elements>
  );
}

function ConfirmCard({ projectId, amountCents }: { projectId: number; amountCents: number }) {
  const stripe = useStripe();
  const elements = useElements();
  const [paying, setPaying] = useState(false);
  const pay = async () => {
    if (!stripe || !elements) return;
    setPaying(true);
    const { error } = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: `${window.location.origin}/payment-success?project=${projectId}` },
    });
    // Without an error the browser is on its way to the return address.
    if (error) errorToast('Payment Failed', error.message ?? 'Payment Processing');
    setPaying(false);
  };
  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        void pay();
      }}
    >
      <PaymentElement />
      <Button type="submit" disabled={!stripe || paying}>
        {paying ? 'Processing...' : `Pay ${centsToUsd(amountCents)}`}
      </Button>
    </form>
  );
}
