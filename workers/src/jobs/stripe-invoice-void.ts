import { z } from 'zod';
import { defineJob } from './define.ts';

export interface StripeVoidDeps {
  /**
   * backend `stripe/intents.ts`: stops at Stripe every card payment the invoice started (its open payment intents
   * and hosted invoice), answering what was done with each; nothing without Stripe keys.
   */
  voidInvoiceCardPayments(invoiceId: number): Promise<Record<string, unknown>>;
}

/**
 * Deleting a payment also voids its Stripe invoice (spec part 2, section 8's confirmation): a job started by
 * InvoiceVoided, so a Stripe that is slow or down neither holds up the delete nor loses the void (the job is
 * retried). Canceling an intent already canceled, or a paid one, is left as it is, so a retry is harmless.
 */
export const stripeInvoiceVoid = defineJob({
  id: 'stripe.invoice.void',
  version: 1,
  queue: 'payments',
  payload: z.object({ invoiceId: z.number().int() }),
  startedBy: 'InvoiceVoided',
  payloadFor: (data) => ({ invoiceId: data.invoiceId }),
  async handle(payload, _ctx, deps: StripeVoidDeps) {
    return deps.voidInvoiceCardPayments(payload.invoiceId);
  },
});
