import { Dialog } from '../../../ui/Dialog';

/** What the card payment provider needs on the server (its keys are never typed into the browser). */
export function StripeInfoDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Card Payments (Stripe)">
      <div className="space-y-3 text-sm text-slate-800">
        <p>
          Clients pay invoices by card on the invoice page through Stripe. Card payments are turned on by the
          server's settings, not here: its administrator sets STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and
          STRIPE_WEBHOOK_SECRET, and points a Stripe webhook at /api/stripe/webhook.
        </p>
        <p>
          Until then an invoice page says 'Payment processing is being set up...' and payments received in
          cash, by check, Venmo or other ways are recorded from View details with Record Payment.
        </p>
        <p>
          Deleting a payment also voids its Stripe invoice, if it has one. Amounts are in US dollars only.
        </p>
      </div>
    </Dialog>
  );
}
