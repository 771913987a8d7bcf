import type { TEventOf } from '@app/contracts/events/domain';
import { stripeEventStream } from '@app/contracts/events/stripe';
import { sql } from 'kysely';
import { type Actor, systemActor } from '../platform/command.ts';
import { invoiceStreamOf, payableInvoice, type StripeEventData, succeededPayment } from './decide.ts';
import type { StripeDeps } from './intents.ts';
import type { InvoicePayments, SavedCards } from './port.ts';

/** Marks an intent of the sweep's work list as needing no more questions to Stripe. */
export const settleIntent = (deps: Pick<StripeDeps, 'db'>, intentId: string, status: string) =>
  sql`UPDATE stripe_payment_intents SET settled_at = now(), last_status = ${status}, last_checked_at = now()
    WHERE intent_id = ${intentId} AND settled_at IS NULL`.execute(deps.db);

/**
 * Records a succeeded payment intent on its invoice, once: the decision (`succeededPayment`) is taken on the
 * invoice's stream as it is now, and the invoices command is idempotent on the payment's name
 * (`stripe-<intent>`), so the webhook's job and the sweep, in any order or at once, record it once.
 */
export async function recordSucceeded(
  deps: StripeDeps,
  payments: Pick<InvoicePayments, 'recordPayment'>,
  actor: Actor,
  paid: {
    intentId: string;
    invoiceId: number | null;
    amountCents: number | null;
    currency: string | null;
    paidAt: string;
  },
): Promise<Record<string, unknown>> {
  const invoice =
    paid.invoiceId === null
      ? null
      : payableInvoice(await deps.store.readStream(invoiceStreamOf(paid.invoiceId)));
  const decision = succeededPayment(invoice, paid);
  if (!decision.record) {
    // Nothing more will come of asking Stripe again: only a person can sort out a mismatch.
    await settleIntent(deps, paid.intentId, `not recorded: ${decision.reason}`);
    return { recorded: false, intentId: paid.intentId, reason: decision.reason };
  }
  await payments.recordPayment(actor, {
    invoiceId: decision.invoiceId,
    paymentId: decision.paymentId,
    amountCents: decision.amountCents,
    method: 'card',
    source: 'stripe',
    transactionId: paid.intentId,
    paidAt: paid.paidAt,
  });
  await settleIntent(deps, paid.intentId, 'succeeded');
  return {
    recorded: true,
    intentId: paid.intentId,
    invoiceId: decision.invoiceId,
    amountCents: decision.amountCents,
  };
}

/**
 * The `stripe.event.apply` job's work: reads the stored StripeEventReceived and applies it. A succeeded intent is
 * recorded as a card payment (see `recordSucceeded`); a failed one as InvoicePaymentFailed on its invoice; a
 * succeeded SetupIntent saves its client's card for automatic payment (`SavedCards`). Other types are stored and left alone. The answer is the job's outcome, saying why nothing was recorded.
 */
export async function applyStripeEvent(
  deps: StripeDeps,
  payments: InvoicePayments,
  cards: SavedCards,
  eventId: string,
  causationId: string,
): Promise<Record<string, unknown>> {
  const stored = await deps.store.readStream(stripeEventStream(eventId));
  const received = stored.find((e) => e.type === 'StripeEventReceived') as
    | TEventOf<'StripeEventReceived'>
    | undefined;
  if (!received) return { applied: false, reason: 'no such Stripe event' };
  const e: StripeEventData = received.data;
  const actor = systemActor(undefined, causationId);
  if (!e.intentId) return { applied: false, reason: `${e.type} is about no payment intent` };
  switch (e.type) {
    case 'payment_intent.succeeded':
      return recordSucceeded(deps, payments, actor, { ...e, intentId: e.intentId, paidAt: e.createdAt });
    case 'payment_intent.payment_failed': {
      if (e.invoiceId === null) return { applied: false, reason: 'the intent names no invoice of ours' };
      const invoice = payableInvoice(await deps.store.readStream(invoiceStreamOf(e.invoiceId)));
      if (!invoice) return { applied: false, reason: 'no such invoice' };
      if (invoice.voided) return { applied: false, reason: 'the invoice was deleted' };
      await payments.recordPaymentFailure(actor, {
        invoiceId: e.invoiceId,
        intentId: e.intentId,
        message: e.failureMessage ?? 'The card payment failed.',
      });
      return { applied: true, failed: true, intentId: e.intentId };
    }
    case 'setup_intent.succeeded':
      return cards.recordSetupSucceeded(actor, e.intentId);
    default:
      return { applied: false, reason: `${e.type} needs nothing done` };
  }
}
