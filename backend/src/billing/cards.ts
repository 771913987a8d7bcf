import { STRIPE_NOT_CONFIGURED } from '@app/contracts/api/invoices';
import { sql } from 'kysely';
import type Stripe from 'stripe';
import type { Person } from '../auth/person.ts';
import { type Actor, runCommand } from '../platform/command.ts';
import type { AppDeps } from '../platform/deps.ts';
import { conflict, forbidden, notFound } from '../platform/errors.ts';
import { stripeOf } from '../stripe/client.ts';
import * as decide from './decide.ts';
import { billingClientStream, clientBillingDecider } from './decide.ts';

type Deps = Pick<AppDeps, 'config' | 'db' | 'store' | 'aggregates' | 'waitForProjections'>;

export const SETUP_NOT_FOUND = 'Card setup not found';
export const ONLY_CLIENTS_SAVE_CARDS = 'Only a client saves a card for automatic payment.';

/** The client a card is saved for: the signed-in client's own record, never one named in the request. */
function ownClient(person: Person) {
  if (person.clientId === null) throw forbidden(ONLY_CLIENTS_SAVE_CARDS);
  return person.clientId;
}

function requireStripe(deps: Pick<AppDeps, 'config'>): Stripe {
  const stripe = stripeOf(deps.config);
  if (!stripe) throw conflict(STRIPE_NOT_CONFIGURED, 'stripe_not_configured');
  return stripe;
}

/** The client's saved card, as `billing_cards` keeps it (Stripe's ids), or undefined. */
export async function cardOf(deps: Pick<AppDeps, 'db'>, clientId: number) {
  const { rows } = await sql<{ customer_id: string; payment_method_id: string | null }>`
    SELECT customer_id, payment_method_id FROM billing_cards WHERE client_id = ${clientId}`.execute(deps.db);
  return rows[0];
}

/**
 * The client's Stripe customer, made once: under an idempotency key of the client, and kept with
 * `ON CONFLICT DO NOTHING`, so two first calls at once keep one.
 */
async function customerOf(deps: Pick<AppDeps, 'db'>, stripe: Stripe, clientId: number) {
  const known = await cardOf(deps, clientId);
  if (known) return known.customer_id;
  const customer = await stripe.customers.create(
    { metadata: { clientId: String(clientId) } },
    { idempotencyKey: `billing-customer-${clientId}` },
  );
  await sql`INSERT INTO billing_cards (client_id, customer_id) VALUES (${clientId}, ${customer.id})
    ON CONFLICT (client_id) DO NOTHING`.execute(deps.db);
  return (await cardOf(deps, clientId))!.customer_id;
}

/** POST /api/billing/setup-intent: a SetupIntent on the client's own customer, for charging off-session. */
export async function createSetupIntent(deps: Deps, person: Person) {
  const clientId = ownClient(person);
  const stripe = requireStripe(deps);
  const customer = await customerOf(deps, stripe, clientId);
  const intent = await stripe.setupIntents.create({
    customer,
    usage: 'off_session',
    automatic_payment_methods: { enabled: true },
    metadata: { clientId: String(clientId) },
  });
  await sql`UPDATE billing_cards SET setup_intent_id = ${intent.id}, updated_at = now()
    WHERE client_id = ${clientId}`.execute(deps.db);
  if (!intent.client_secret)
    throw new Error(`Stripe answered setup intent ${intent.id} without a client secret`);
  return { clientSecret: intent.client_secret };
}

/**
 * POST /api/billing/card-saved: the client says Stripe confirmed their SetupIntent; Stripe is asked. Only a
 * succeeded SetupIntent of the client's own customer is taken (another client's, or one never confirmed: 404):
 * its payment method is the one their recurring invoices are charged to, and ClientCardSaved records the
 * card's brand and last 4 digits.
 */
export async function recordCardSaved(deps: Deps, actor: Actor, person: Person, setupIntentId: string) {
  const clientId = ownClient(person);
  const stripe = requireStripe(deps);
  const card = await cardOf(deps, clientId);
  if (!card) throw notFound(SETUP_NOT_FOUND);
  const intent = await stripe.setupIntents.retrieve(setupIntentId).catch((err: { statusCode?: number }) => {
    if (err.statusCode === 404) throw notFound(SETUP_NOT_FOUND);
    throw err;
  });
  const customer = typeof intent.customer === 'string' ? intent.customer : intent.customer?.id;
  const methodId =
    typeof intent.payment_method === 'string' ? intent.payment_method : intent.payment_method?.id;
  if (customer !== card.customer_id || intent.status !== 'succeeded' || !methodId)
    throw notFound(SETUP_NOT_FOUND);
  const method = await stripe.paymentMethods.retrieve(methodId);
  const brand = method.card?.brand ?? 'card';
  const last4 = method.card?.last4 ?? '0000';
  await sql`UPDATE billing_cards SET payment_method_id = ${methodId}, updated_at = now()
    WHERE client_id = ${clientId}`.execute(deps.db);
  await runCommand(
    deps,
    billingClientStream(clientId),
    clientBillingDecider,
    actor,
    (s) => decide.saveCard(s, { clientId, brand, last4, at: new Date().toISOString() }),
    { decideAgainOnConflict: true },
  );
  return { brand, last4 };
}
