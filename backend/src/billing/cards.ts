import type { TPaymentMethodResponse, TSavedCard } from '@app/contracts/api/billing';
import { STRIPE_NOT_CONFIGURED } from '@app/contracts/api/invoices';
import { sql } from 'kysely';
import type Stripe from 'stripe';
import type { Person } from '../auth/person.ts';
import { type Actor, runCommand } from '../platform/command.ts';
import type { AppDeps } from '../platform/deps.ts';
import { conflict, forbidden, notFound } from '../platform/errors.ts';
import { cardPaymentsConfigured, stripeOf } from '../stripe/client.ts';
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

/** A SetupIntent as Stripe has it now, or null when Stripe does not know it. */
async function setupIntentOf(stripe: Stripe, setupIntentId: string) {
  return stripe.setupIntents.retrieve(setupIntentId).catch((err: { statusCode?: number }) => {
    if (err.statusCode === 404) return null;
    throw err;
  });
}

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : v?.id);

/**
 * Keeps the card of a SetupIntent Stripe confirmed as the client's card for automatic payment: the one place both
 * the client's page (`card-saved`) and Stripe's `setup_intent.succeeded` webhook save a card through. Only a
 * succeeded SetupIntent of the client's own customer is taken (404 otherwise). Its payment method is the one
 * their recurring invoices are charged to, and ClientCardSaved records the brand and last 4 digits once (the
 * same card saved again, by the page and the webhook, records nothing more). A card from a SetupIntent older
 * than the saved card's (a late webhook after a replacement) changes nothing (`kept: false`). Answers the card
 * now saved.
 */
async function keepCard(
  deps: Deps,
  stripe: Stripe,
  actor: Actor,
  clientId: number,
  customerId: string,
  intent: Stripe.SetupIntent,
): Promise<{ card: TSavedCard; kept: boolean }> {
  const methodId = idOf(intent.payment_method);
  if (idOf(intent.customer) !== customerId || intent.status !== 'succeeded' || !methodId)
    throw notFound(SETUP_NOT_FOUND);
  const card = (await stripe.paymentMethods.retrieve(methodId)).card;
  const brand = card?.brand ?? 'card';
  const last4 = card?.last4 ?? '0000';
  const { numAffectedRows } = await sql`UPDATE billing_cards
    SET payment_method_id = ${methodId}, brand = ${brand}, last4 = ${last4},
      exp_month = ${card?.exp_month ?? null}, exp_year = ${card?.exp_year ?? null},
      setup_created = ${intent.created}, updated_at = now()
    WHERE client_id = ${clientId} AND (setup_created IS NULL OR setup_created <= ${intent.created})`.execute(
    deps.db,
  );
  if (numAffectedRows === 0n) return { card: (await savedCardOf(deps, clientId))!, kept: false };
  await runCommand(deps, billingClientStream(clientId), clientBillingDecider, actor, (s) =>
    decide.saveCard(s, { clientId, brand, last4, at: new Date().toISOString() }),
  );
  return {
    card: { brand, last4, expMonth: card?.exp_month ?? null, expYear: card?.exp_year ?? null },
    kept: true,
  };
}

/** POST /api/billing/card-saved: the client says Stripe confirmed their SetupIntent; Stripe is asked. */
export async function recordCardSaved(deps: Deps, actor: Actor, person: Person, setupIntentId: string) {
  const clientId = ownClient(person);
  const stripe = requireStripe(deps);
  const card = await cardOf(deps, clientId);
  if (!card) throw notFound(SETUP_NOT_FOUND);
  const intent = await setupIntentOf(stripe, setupIntentId);
  if (!intent) throw notFound(SETUP_NOT_FOUND);
  return (await keepCard(deps, stripe, actor, clientId, card.customer_id, intent)).card;
}

/**
 * The `stripe.event.apply` job on `setup_intent.succeeded`: the card is saved even when the client closed the
 * page before it said so. The client is the one whose Stripe customer the SetupIntent (asked of Stripe) is
 * for; another customer's is left alone. The answer is the job's outcome.
 */
export async function recordSetupSucceeded(
  deps: Deps,
  actor: Actor,
  setupIntentId: string,
): Promise<Record<string, unknown>> {
  const stripe = requireStripe(deps);
  const intent = await setupIntentOf(stripe, setupIntentId);
  if (!intent) return { applied: false, reason: 'Stripe does not know this SetupIntent' };
  const customerId = idOf(intent.customer);
  const { rows } = customerId
    ? await sql<{ client_id: number }>`
        SELECT client_id FROM billing_cards WHERE customer_id = ${customerId}`.execute(deps.db)
    : { rows: [] };
  const clientId = rows[0]?.client_id;
  if (clientId === undefined) return { applied: false, reason: 'the customer is not one of our clients' };
  if (intent.status !== 'succeeded') return { applied: false, reason: `the SetupIntent is ${intent.status}` };
  const { card, kept } = await keepCard(deps, stripe, actor, clientId, customerId!, intent);
  if (!kept) return { applied: false, clientId, reason: 'a card of a newer SetupIntent is saved' };
  return { applied: true, clientId, setupIntentId, brand: card.brand, last4: card.last4 };
}

/** The client's saved card as the portal shows it, or null. */
async function savedCardOf(deps: Pick<AppDeps, 'db'>, clientId: number): Promise<TSavedCard | null> {
  const { rows } = await sql<{
    brand: string | null;
    last4: string | null;
    exp_month: number | null;
    exp_year: number | null;
  }>`SELECT brand, last4, exp_month, exp_year FROM billing_cards
    WHERE client_id = ${clientId} AND payment_method_id IS NOT NULL`.execute(deps.db);
  const row = rows[0];
  if (!row) return null;
  return {
    brand: row.brand ?? 'card',
    last4: row.last4 ?? '0000',
    expMonth: row.exp_month,
    expYear: row.exp_year,
  };
}

/** GET /api/billing/card: the signed-in client's own card, and whether a card can be saved here at all. */
export async function paymentMethodOf(deps: Deps, person: Person): Promise<TPaymentMethodResponse> {
  const clientId = ownClient(person);
  const publishableKey = deps.config.STRIPE_PUBLISHABLE_KEY ?? null;
  const cardPayments = cardPaymentsConfigured(deps.config) && publishableKey !== null;
  return {
    cardPayments,
    stripePublishableKey: cardPayments ? publishableKey : null,
    card: await savedCardOf(deps, clientId),
  };
}
