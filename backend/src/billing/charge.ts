import { CURRENCY } from '@app/contracts/invoices/rules';
import type Stripe from 'stripe';
import { type Actor, runCommand, systemActor } from '../platform/command.ts';
import type { AppDeps } from '../platform/deps.ts';
import { recordSucceeded } from '../stripe/apply.ts';
import { stripeOf } from '../stripe/client.ts';
import { balanceOf, invoiceStreamOf, payableInvoice } from '../stripe/decide.ts';
import { keepIntent } from '../stripe/intents.ts';
import type { InvoicePayments } from '../stripe/port.ts';
import { cardOf } from './cards.ts';
import * as decide from './decide.ts';
import { billingClientStream, clientBillingDecider } from './decide.ts';

type Deps = Pick<AppDeps, 'config' | 'db' | 'store' | 'aggregates' | 'waitForProjections'>;

/** Stripe's answer to a declined off-session charge carries the intent it made. */
type CardError = { type?: string; message?: string; raw?: { payment_intent?: Stripe.PaymentIntent } };

/**
 * The `billing.charge` job's work (started by a recurring InvoiceIssued): when the invoice's client saved a card,
 * its balance is charged off-session, under an idempotency key of the invoice, so a retried job gets Stripe's
 * first answer again and never charges twice. The intent is kept for the reconciliation sweep and recorded on
 * the invoice; a success is recorded as the payment `stripe-<intent>` (the same name the webhook and the sweep
 * use, so it is recorded once, and the receipt mail follows); a decline is recorded on the invoice
 * (InvoicePaymentFailed) and on the client (BillingChargeFailed, which mails them).
 */
export async function chargeRecurringInvoice(
  deps: Deps,
  payments: InvoicePayments,
  invoiceId: number,
  causationId: string | null = null,
): Promise<Record<string, unknown>> {
  const stripe = stripeOf(deps.config);
  if (!stripe) return { charged: false, reason: 'card payments are not set up' };
  const invoice = payableInvoice(await deps.store.readStream(invoiceStreamOf(invoiceId)));
  if (!invoice) return { charged: false, reason: 'no such invoice' };
  if (invoice.voided) return { charged: false, reason: 'the invoice was deleted' };
  const balance = balanceOf(invoice);
  if (balance <= 0) return { charged: false, reason: 'nothing owed' };
  const card = await cardOf(deps, invoice.clientId);
  if (!card?.payment_method_id) return { charged: false, reason: 'the client saved no card' };

  const actor: Actor = systemActor(undefined, causationId);
  let intent: Stripe.PaymentIntent;
  let declined: string | null = null;
  try {
    intent = await stripe.paymentIntents.create(
      {
        amount: balance,
        currency: CURRENCY,
        customer: card.customer_id,
        payment_method: card.payment_method_id,
        off_session: true,
        confirm: true,
        description: `Invoice ${invoice.invoiceId}`,
        metadata: { invoiceId: String(invoice.invoiceId), projectId: String(invoice.projectId) },
      },
      { idempotencyKey: `billing-charge-invoice-${invoice.invoiceId}` },
    );
  } catch (err) {
    const e = err as CardError;
    if (e.type !== 'StripeCardError' || !e.raw?.payment_intent) throw err;
    intent = e.raw.payment_intent;
    declined = e.message ?? 'Your card was declined.';
  }
  await keepIntent(deps, payments, actor, invoice.invoiceId, intent);
  if (intent.status === 'succeeded')
    return recordSucceeded(deps, payments, actor, {
      intentId: intent.id,
      amountCents: intent.amount_received || intent.amount,
      currency: intent.currency,
      paidAt: new Date(intent.created * 1000).toISOString(),
    });
  if (declined === null) return { charged: false, intentId: intent.id, status: intent.status };
  await payments.recordPaymentFailure(actor, {
    invoiceId: invoice.invoiceId,
    intentId: intent.id,
    message: declined,
  });
  await runCommand(deps, billingClientStream(invoice.clientId), clientBillingDecider, actor, (s) =>
    decide.chargeFailed(s, {
      clientId: invoice.clientId,
      invoiceId: invoice.invoiceId,
      intentId: intent.id,
      message: declined,
      at: new Date().toISOString(),
    }),
  );
  return { charged: false, declined: true, intentId: intent.id, message: declined };
}
