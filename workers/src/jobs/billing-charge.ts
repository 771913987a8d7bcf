import { z } from 'zod';
import { defineJob } from './define.ts';

export interface BillingChargeDeps {
  /**
   * backend `billing/charge.ts`: charges a recurring invoice's balance to its client's saved card (off-session,
   * idempotent on the invoice) and records the outcome through the invoice's commands; nothing without a card.
   */
  chargeRecurringInvoice(invoiceId: number, causationId: string): Promise<Record<string, unknown>>;
}

/**
 * Recurring billing (issue 15.8): a recurring invoice is charged to the card its client saved, as soon as it is
 * issued. A job on the payments queue, so a Stripe that is slow or down is retried without holding up the
 * billing round; Stripe's idempotency key (the invoice) makes a retry charge at most once.
 */
export const billingCharge = defineJob({
  id: 'billing.charge',
  version: 1,
  queue: 'payments',
  payload: z.object({ invoiceId: z.number().int() }),
  startedBy: 'InvoiceIssued',
  startsWhen: (data) => data.kind === 'recurring',
  payloadFor: (data) => ({ invoiceId: data.invoiceId }),
  async handle(payload, ctx, deps: BillingChargeDeps) {
    return deps.chargeRecurringInvoice(payload.invoiceId, ctx.event.id);
  },
});
