import { z } from 'zod';
import { NeedsReview } from './attempt.ts';
import { defineJob } from './define.ts';

/** The types of Stripe events that change an invoice or save a client's card; others are only kept. */
export const APPLIED_STRIPE_EVENTS: readonly string[] = [
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'setup_intent.succeeded',
];

export interface StripeEventDeps {
  /** backend `stripe/apply.ts`: reads the stored Stripe event and records what it says through invoice commands. */
  applyStripeEvent(eventId: string, causationId: string): Promise<Record<string, unknown>>;
}

/**
 * Applies a verified Stripe webhook (issue 15.4): the webhook route only stores StripeEventReceived, so Stripe
 * hears 200 at once; this job records the payment (or the refusal) on the invoice. The command it sends is
 * idempotent on the payment's name, so a retried job, and the reconciliation sweep, record it once. Money taken
 * for a payment intent this app never made (the outcome says `review`) credits nothing: the job waits in
 * `review` with what Stripe said, for a person to settle in Stripe's dashboard.
 */
export const stripeEventApply = defineJob({
  id: 'stripe.event.apply',
  version: 1,
  queue: 'payments',
  payload: z.object({ eventId: z.string().min(1) }),
  startedBy: 'StripeEventReceived',
  startsWhen: (data) => APPLIED_STRIPE_EVENTS.includes(data.type),
  payloadFor: (data) => ({ eventId: data.eventId }),
  async handle(payload, ctx, deps: StripeEventDeps) {
    const outcome = await deps.applyStripeEvent(payload.eventId, ctx.event.id);
    if (outcome.review)
      throw new NeedsReview(
        `Stripe event ${payload.eventId}: ${String(outcome.reason)}; nothing was recorded (${JSON.stringify(outcome)})`,
      );
    return outcome;
  },
});
