import Stripe from 'stripe';
import { type Config, cardPaymentsConfigured } from '../platform/config.ts';
import { unavailable } from '../platform/errors.ts';

export type StripeSettings = Pick<
  Config,
  'STRIPE_SECRET_KEY' | 'STRIPE_PUBLISHABLE_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_BASE'
>;

export { cardPaymentsConfigured };

const clients = new WeakMap<object, Stripe>();

/**
 * The Stripe client of a configuration, or null when card payments are off. `STRIPE_API_BASE` points it at a
 * local fake in tests. Calls time out after 20 s and are retried twice by the library with the same idempotency
 * key, so a retried create never makes a second intent.
 */
export function stripeOf(config: StripeSettings): Stripe | null {
  if (!cardPaymentsConfigured(config)) return null;
  const known = clients.get(config);
  if (known) return known;
  const base = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : null;
  const client = new Stripe(config.STRIPE_SECRET_KEY!, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(base && {
      host: base.hostname,
      port: base.port || (base.protocol === 'https:' ? 443 : 80),
      protocol: base.protocol === 'https:' ? 'https' : 'http',
    }),
  });
  clients.set(config, client);
  return client;
}

export const CARD_PAYMENTS_UNAVAILABLE =
  'Card payments are unavailable right now. Please try again in a few minutes.';

type Log = { warn(o: object, m: string): void };

/**
 * For a request that calls Stripe while a person waits (the card form's payment intent, saving a card): Stripe
 * out of reach, failing, or refusing a request of ours (a revoked key, a parameter it no longer takes) is
 * nothing the person did or can fix, so it is answered 503 with a message they can act on, and the error is
 * logged for us. Whatever `work` stored before Stripe failed is harmless: an intent is kept only once Stripe
 * made it. Other errors (a domain refusal) pass unchanged.
 */
export async function whileStripeAnswers<T>(log: Log, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (!(err instanceof Stripe.errors.StripeError)) throw err;
    log.warn(
      { stripeError: { type: err.type, code: err.code, statusCode: err.statusCode, message: err.message } },
      'Stripe did not answer a card payment request',
    );
    throw unavailable(CARD_PAYMENTS_UNAVAILABLE, 'card_payments_unavailable');
  }
}
