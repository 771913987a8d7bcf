import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { failureText } from '../../../lib/api';
import { callFailure } from '../../../lib/failure';
import { Button } from '../../../ui/Button';
import { Spinner } from '../../../ui/Spinner';
import { errorToast, toast } from '../../../ui/toast-store';
import { confirmCardSaved, createSetupIntent, SAVED_CARD_KEY } from '../saved-card';
import { STRIPE_APPEARANCE, stripeFor } from '../stripe-loader';

type Setup =
  | { state: 'setting-up' }
  | { state: 'ready'; clientSecret: string; stripe: Stripe }
  | { state: 'error' };

/** Saving a card: a SetupIntent on the client's own Stripe customer, then Stripe's Payment Element. */
export default function SaveCardForm({
  publishableKey,
  onDone,
  onCancel,
}: {
  publishableKey: string;
  onDone: () => void;
  onCancel: () => void;
}) {
  const [setup, setSetup] = useState<Setup>({ state: 'setting-up' });
  useEffect(() => {
    let live = true;
    // Stripe's script and the SetupIntent together; either failing is a setup failure.
    Promise.all([
      stripeFor(publishableKey).then((stripe) => {
        if (!stripe) throw new Error('Stripe could not be loaded.');
        return stripe;
      }),
      createSetupIntent(),
    ]).then(
      ([stripe, clientSecret]) => live && setSetup({ state: 'ready', clientSecret, stripe }),
      (error: unknown) => {
        if (!live) return;
        setSetup({ state: 'error' });
        errorToast(
          'Card Setup Failed',
          failureText(error, 'Failed to set up the card form. Please try again.'),
        );
      },
    );
    return () => {
      live = false;
    };
  }, [publishableKey]);

  if (setup.state === 'setting-up') return <Spinner label="Setting up the card form" />;
  if (setup.state === 'error')
    return (
      <div className="space-y-3">
        <p role="alert" className="text-sm text-red-700">
          Unable to set up the card form. Please try again later or contact support.
        </p>
        <Button variant="outline" onClick={onCancel}>
          Close
        </Button>
      </div>
    );
  return (
    <Elements
      stripe={setup.stripe}
      options={{ clientSecret: setup.clientSecret, appearance: STRIPE_APPEARANCE }}
    >
      <ConfirmSetup onDone={onDone} onCancel={onCancel} />
    </Elements>
  );
}

function ConfirmSetup({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const stripe = useStripe();
  const elements = useElements();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const save = async () => {
    if (!stripe || !elements) return;
    setSaving(true);
    // A card that needs the bank's check leaves for it and comes back to the portal; Stripe's webhook saves it.
    const { error, setupIntent } = await stripe.confirmSetup({
      elements,
      redirect: 'if_required',
      confirmParams: { return_url: `${window.location.origin}/client` },
    });
    if (error) {
      errorToast('Card Not Saved', error.message ?? 'Your card could not be saved.');
      setSaving(false);
      return;
    }
    if (setupIntent.status !== 'succeeded') {
      // Stripe is still confirming it; its webhook saves the card then.
      toast({
        title: 'Card Being Confirmed',
        description: 'Your card will appear here once Stripe confirms it.',
      });
      setSaving(false);
      onDone();
      return;
    }
    try {
      await confirmCardSaved(setupIntent.id);
      toast({ title: 'Card Saved', description: 'Your recurring invoices will be charged to this card.' });
      onDone();
    } catch (failure) {
      callFailure(failure, 'Card Not Saved');
    } finally {
      setSaving(false);
      void queryClient.invalidateQueries({ queryKey: [SAVED_CARD_KEY] });
    }
  };
  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <PaymentElement />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={!stripe || saving}>
          {saving ? 'Saving...' : 'Save Card'}
        </Button>
        <Button variant="outline" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
