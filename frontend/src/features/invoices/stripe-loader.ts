import { loadStripe, type Stripe } from '@stripe/stripe-js';

/** The card provider's primary colour (section 9), for every Stripe form of the app. */
export const STRIPE_APPEARANCE = { theme: 'stripe' as const, variables: { colorPrimary: '#2563eb' } };

const stripes = new Map<string, Promise<Stripe | null>>();

/**
 * Stripe.js for a publishable key, loaded once per key (only where a card can be taken: the page policy allows
 * js.stripe.com only when the server has Stripe keys). A failed load is forgotten, so opening the form again
 * tries again. Import this only from forms loaded lazily: importing `@stripe/stripe-js` puts Stripe's script
 * on the page.
 */
export function stripeFor(key: string) {
  let stripe = stripes.get(key);
  if (!stripe) {
    stripe = loadStripe(key).catch(() => {
      stripes.delete(key);
      return null;
    });
    stripes.set(key, stripe);
  }
  return stripe;
}
