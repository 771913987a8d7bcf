import Stripe from 'stripe';
import { type Config, cardPaymentsConfigured } from '../platform/config.ts';

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
