import { z } from 'zod';
import { defineEvent } from './define.ts';
import { eId, eInstant, eText } from './values.ts';

/**
 * A Stripe webhook, verified and kept as it arrived (what we act on), one stream per Stripe event
 * (`stripe-event-<evt_...>`, appended expecting no stream), so a delivery Stripe repeats is stored once. The
 * `stripe.event.apply` job does the work it calls for (backend/src/stripe/apply.ts).
 */
export const stripeEventStream = (eventId: string) => `stripe-event-${eventId}`;

export const ZStripeEventReceived = defineEvent(
  'StripeEventReceived',
  z.object({
    eventId: eText,
    /** Stripe's event type (`payment_intent.succeeded`, `payment_intent.payment_failed`, ...). */
    type: eText,
    /** The payment intent (or, for `setup_intent.*`, the SetupIntent) it is about, when it is about one. */
    intentId: eText.nullable(),
    /** From the intent's metadata (`invoiceId`), when it names one of our invoices. */
    invoiceId: eId.nullable(),
    /** What the intent received (`amount_received`, else `amount`), in the currency's smallest unit. */
    amountCents: z.number().int().min(0).nullable(),
    currency: eText.nullable(),
    /** The intent's status as the event reported it. */
    status: eText.nullable(),
    /** Why a payment failed (`last_payment_error.message`). */
    failureMessage: eText.nullable(),
    livemode: z.boolean(),
    /** When Stripe made the event. */
    createdAt: eInstant,
    receivedAt: eInstant,
  }),
);

export const stripeEventSchemas = [ZStripeEventReceived] as const;
