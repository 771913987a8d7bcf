import type { TEventOf } from '@app/contracts/events/domain';
import { stripeEventStream } from '@app/contracts/events/stripe';
import { sql } from 'kysely';
import { type Actor, systemActor } from '../platform/command.ts';
import {
  invoiceStreamOf,
  type MadeIntent,
  NOT_OURS,
  payableInvoice,
  type StripeEventData,
  succeededPayment,
} from './decide.ts';
import type { StripeDeps } from './intents.ts';
import type { InvoicePayments, SavedCards } from './port.ts';

/** Marks an intent of the sweep's work list as needing no more questions to Stripe. */
export const settleIntent = (deps: Pick<StripeDeps, 'db'>, intentId: string, status: string) =>
  sql`UPDATE stripe_payment_intents SET settled_at = now(), last_status = ${status}, last_checked_at = now()
    WHERE intent_id = ${intentId} AND settled_at IS NULL`.execute(deps.db);

/** The intent as this app made it (its `stripe_payment_intents` row), or null for one it never made. */
export async function madeIntent(deps: Pick<StripeDeps, 'db'>, intentId: string): Promise<MadeIntent | null> {
  const { rows } = await sql<{ invoice_id: number; amount_cents: number }>`
    SELECT invoice_id, amount_cents FROM stripe_payment_intents WHERE intent_id = ${intentId}`.execute(
    deps.db,
  );
  const row = rows[0];
  return row ? { invoiceId: row.invoice_id, amountCents: row.amount_cents } : null;
}

/**
 * Records a succeeded payment intent on the invoice this app made it for, once: the decision
 * (`succeededPayment`) is taken on the intent's row and the invoice's stream as they are now, and the invoices
 * command is idempotent on the payment's name (`stripe-<intent>`), so the webhook's job and the sweep, in any
 * order or at once, record it once. An intent this app never made records nothing and is answered `review`,
 * whatever invoice its metadata names (`named`, kept in the answer for the person who looks at it).
 */
export async function recordSucceeded(
  deps: StripeDeps,
  payments: Pick<InvoicePayments, 'recordPayment'>,
  actor: Actor,
  paid: {
    intentId: string;
    amountCents: number | null;
    currency: string | null;
    paidAt: string;
    named?: number | null;
  },
): Promise<Record<string, unknown>> {
  const made = await madeIntent(deps, paid.intentId);
  const invoice = made && payableInvoice(await deps.store.readStream(invoiceStreamOf(made.invoiceId)));
  const decision = succeededPayment(made, invoice, paid);
  if (!decision.record && decision.review)
    return {
      recorded: false,
      review: true,
      intentId: paid.intentId,
      reason: decision.reason,
      amountCents: paid.amountCents,
      currency: paid.currency,
      invoiceNamedInMetadata: paid.named ?? null,
    };
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
 * recorded as a card payment (see `recordSucceeded`; one this app never made is answered `review`); a failed
 * one as InvoicePaymentFailed on the invoice this app made it for (one it never made changes nothing); a
 * succeeded SetupIntent saves its client's card for automatic payment (`SavedCards`). Other types are stored and
 * left alone. The answer is the job's outcome, saying why nothing was recorded.
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
      return recordSucceeded(deps, payments, actor, {
        intentId: e.intentId,
        amountCents: e.amountCents,
        currency: e.currency,
        paidAt: e.createdAt,
        named: e.invoiceId,
      });
    case 'payment_intent.payment_failed': {
      const made = await madeIntent(deps, e.intentId);
      if (!made) return { applied: false, intentId: e.intentId, reason: NOT_OURS };
      const invoice = payableInvoice(await deps.store.readStream(invoiceStreamOf(made.invoiceId)));
      if (!invoice) return { applied: false, reason: 'no such invoice' };
      if (invoice.voided) return { applied: false, reason: 'the invoice was deleted' };
      await payments.recordPaymentFailure(actor, {
        invoiceId: made.invoiceId,
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
