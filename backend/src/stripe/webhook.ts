import { STRIPE_NOT_CONFIGURED } from '@app/contracts/api/invoices';
import { stripeEventStream } from '@app/contracts/events/stripe';
import type Stripe from 'stripe';
import { ConcurrencyError } from '../eventstore/port.ts';
import { type Actor, toNewEvents } from '../platform/command.ts';
import type { AppDeps } from '../platform/deps.ts';
import { conflict, invalid } from '../platform/errors.ts';
import { stripeOf } from './client.ts';
import { keptStripeEvent } from './decide.ts';

export const BAD_SIGNATURE = 'The Stripe signature of this request is missing or wrong';

/**
 * Verifies a webhook's raw bytes against STRIPE_WEBHOOK_SECRET (Stripe's signature covers the exact body, so it
 * must not have been parsed and written again). A missing or wrong signature, or a stale timestamp, is a 400.
 */
export function verifiedEvent(
  deps: Pick<AppDeps, 'config'>,
  body: Buffer | undefined,
  signature: string | string[] | undefined,
): Stripe.Event {
  const stripe = stripeOf(deps.config);
  if (!stripe) throw conflict(STRIPE_NOT_CONFIGURED, 'stripe_not_configured');
  if (!body || body.length === 0 || typeof signature !== 'string' || signature === '')
    throw invalid(BAD_SIGNATURE, 'bad_signature');
  try {
    return stripe.webhooks.constructEvent(body, signature, deps.config.STRIPE_WEBHOOK_SECRET!);
  } catch {
    throw invalid(BAD_SIGNATURE, 'bad_signature');
  }
}

/**
 * Keeps a verified Stripe event as StripeEventReceived on its own stream, expecting none: the one write of the
 * webhook, so Stripe hears 200 at once and the `stripe.event.apply` job does the rest. A delivery of an event
 * already stored writes nothing (`stored: false`); an event refused by `keptStripeEvent` (an amount Stripe never
 * sends) writes nothing either and says why (`refused`).
 */
export async function receiveStripeEvent(
  deps: Pick<AppDeps, 'store'>,
  actor: Actor,
  event: Stripe.Event,
  now = new Date(),
): Promise<{ stored: boolean; refused?: string }> {
  const kept = keptStripeEvent(event, now);
  if ('refused' in kept) return { stored: false, refused: kept.refused };
  const data = kept.keep;
  try {
    await deps.store.append(
      stripeEventStream(data.eventId),
      toNewEvents([{ type: 'StripeEventReceived', data }], actor, now),
      'no_stream',
    );
    return { stored: true };
  } catch (err) {
    if (err instanceof ConcurrencyError) return { stored: false };
    throw err;
  }
}
