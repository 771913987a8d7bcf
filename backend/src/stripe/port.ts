import type { Actor } from '../platform/command.ts';

/**
 * What card payments need from the invoices slice (backend/src/invoices/commands.ts): its commands, bound to the
 * app's deps by the composition root. Each is idempotent on what names it (a payment on its paymentId, an
 * intent on its intentId), so a job or sweep run twice records once.
 */
export interface InvoicePayments {
  recordPayment(
    actor: Actor,
    input: {
      invoiceId: number;
      paymentId: string;
      amountCents: number;
      method: 'card';
      source: 'stripe';
      transactionId: string | null;
      paidAt: string;
    },
  ): Promise<unknown>;
  recordPaymentIntent(
    actor: Actor,
    input: {
      invoiceId: number;
      intentId: string;
      amountCents: number;
      hostedInvoiceId: string | null;
      hostedInvoiceUrl: string | null;
    },
  ): Promise<unknown>;
  recordPaymentFailure(
    actor: Actor,
    input: { invoiceId: number; intentId: string; message: string },
  ): Promise<unknown>;
}

/**
 * What Stripe's `setup_intent.succeeded` needs from the billing slice (backend/src/billing/cards.ts): the card of
 * a SetupIntent saved for its client's automatic payment, as the client's page saves it; idempotent.
 */
export interface SavedCards {
  recordSetupSucceeded(actor: Actor, setupIntentId: string): Promise<Record<string, unknown>>;
}
