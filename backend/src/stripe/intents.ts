import { INVOICE_NOT_FOUND, OVERPAYMENT, STRIPE_NOT_CONFIGURED } from '@app/contracts/api/invoices';
import { CURRENCY } from '@app/contracts/invoices/rules';
import { sql } from 'kysely';
import type Stripe from 'stripe';
import type { Person } from '../auth/person.ts';
import type { Actor } from '../platform/command.ts';
import type { AppDeps } from '../platform/deps.ts';
import { conflict, invalid, notFound } from '../platform/errors.ts';
import { stripeOf } from './client.ts';
import { balanceOf, invoiceStreamOf, payableInvoice } from './decide.ts';
import type { InvoicePayments } from './port.ts';

export type StripeDeps = Pick<AppDeps, 'config' | 'db' | 'store'>;

/**
 * The spec's body names only the project: its oldest invoice still owing at least the amount, as the payments
 * view shows it. Only which invoice is meant is read there; the rules are checked on the invoice's stream.
 */
async function invoiceOfProject(deps: Pick<AppDeps, 'rm'>, projectId: number, amountCents: number) {
  const row = await deps.rm
    .selectFrom('payments')
    .select('id')
    .where('project_id', '=', projectId)
    .where('voided_at', 'is', null)
    .where((eb) => eb(eb('amount_cents', '-', eb.ref('paid_cents')), '>=', amountCents))
    .orderBy('invoice_date')
    .orderBy('id')
    .executeTakeFirst();
  return row?.id;
}

/** Statuses of an intent the card form can still complete. */
const USABLE = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action']);

/**
 * A payment intent made for invoice `invoiceId`: kept in `stripe_payment_intents` (what the webhook and the
 * reconciliation sweep look intents up by) and recorded on the invoice's stream.
 */
export async function keepIntent(
  deps: Pick<AppDeps, 'db'>,
  payments: Pick<InvoicePayments, 'recordPaymentIntent'>,
  actor: Actor,
  invoiceId: number,
  intent: Pick<Stripe.PaymentIntent, 'id' | 'amount'>,
) {
  await sql`
    INSERT INTO stripe_payment_intents (intent_id, invoice_id, amount_cents)
    VALUES (${intent.id}, ${invoiceId}, ${intent.amount})
    ON CONFLICT (intent_id) DO NOTHING`.execute(deps.db);
  await payments.recordPaymentIntent(actor, {
    invoiceId,
    intentId: intent.id,
    amountCents: intent.amount,
    hostedInvoiceId: null,
    hostedInvoiceUrl: null,
  });
}

export const requireStripe = (deps: Pick<AppDeps, 'config'>): Stripe => {
  const stripe = stripeOf(deps.config);
  if (!stripe) throw conflict(STRIPE_NOT_CONFIGURED, 'stripe_not_configured');
  return stripe;
};

/**
 * POST /api/create-payment-intent: a card payment of (part of) an invoice's balance, by its own client or an
 * admin; without `invoiceId` (the spec's body), the project's oldest invoice owing the amount. An intent of the same amount still open on the invoice is handed back rather than a second one made;
 * otherwise one is made under an idempotency key (the request's Idempotency-Key, else the invoice, amount and
 * count of intents so far), so a retry after a lost answer gets the same intent from Stripe. The intent carries
 * `metadata.invoiceId`, which the webhook and the sweep use to find the invoice.
 */
export async function createPaymentIntent(
  deps: StripeDeps & Pick<AppDeps, 'rm'>,
  payments: Pick<InvoicePayments, 'recordPaymentIntent'>,
  actor: Actor,
  person: Person,
  input: {
    invoiceId?: number | undefined;
    projectId: number;
    amountCents: number;
    description?: string;
    key: string | null;
  },
): Promise<{ clientSecret: string; intentId: string }> {
  const stripe = requireStripe(deps);
  const invoiceId = input.invoiceId ?? (await invoiceOfProject(deps, input.projectId, input.amountCents));
  if (invoiceId === undefined) throw notFound(INVOICE_NOT_FOUND);
  const invoice = payableInvoice(await deps.store.readStream(invoiceStreamOf(invoiceId)));
  const mine = person.role === 'admin' || (person.clientId !== null && invoice?.clientId === person.clientId);
  if (!invoice || invoice.voided || !mine || invoice.projectId !== input.projectId)
    throw notFound(INVOICE_NOT_FOUND);
  if (input.amountCents > balanceOf(invoice)) throw invalid(OVERPAYMENT);

  const open = invoice.intents.findLast((i) => !i.paid && i.amountCents === input.amountCents);
  if (open) {
    const known = await stripe.paymentIntents.retrieve(open.intentId);
    if (USABLE.has(known.status) && known.client_secret)
      return { clientSecret: known.client_secret, intentId: known.id };
  }
  const idempotencyKey = input.key
    ? `invoice-${invoice.invoiceId}-request-${input.key}`
    : `invoice-${invoice.invoiceId}-${input.amountCents}-${invoice.intents.length}`;
  const intent = await stripe.paymentIntents.create(
    {
      amount: input.amountCents,
      currency: CURRENCY,
      description: input.description || `Invoice ${invoice.invoiceId}`,
      metadata: { invoiceId: String(invoice.invoiceId), projectId: String(invoice.projectId) },
      automatic_payment_methods: { enabled: true },
    },
    { idempotencyKey },
  );
  await keepIntent(deps, payments, actor, invoice.invoiceId, intent);
  if (!intent.client_secret) throw new Error(`Stripe answered intent ${intent.id} without a client secret`);
  return { clientSecret: intent.client_secret, intentId: intent.id };
}

/**
 * For the invoices slice's DELETE /api/payments/{id}: stops an invoice's card payment at Stripe so nobody can
 * pay a deleted invoice. An open payment intent (`pi_...`) is canceled; a Stripe hosted invoice (`in_...`) is
 * voided. One already succeeded, canceled or voided is left as it is (money received is kept on the deleted
 * invoice's ledger, and a refund is a person's decision in Stripe's dashboard). Without Stripe keys there is
 * nothing to stop. Answers what it did, for the caller's log.
 */
export async function voidCardPayment(
  deps: Pick<AppDeps, 'config' | 'db'>,
  id: string,
): Promise<'canceled' | 'voided' | 'left' | 'not-configured'> {
  const stripe = stripeOf(deps.config);
  if (!stripe) return 'not-configured';
  let outcome: 'canceled' | 'voided' | 'left' = 'left';
  if (id.startsWith('in_')) {
    const hosted = await stripe.invoices.retrieve(id);
    if (hosted.status === 'open') {
      await stripe.invoices.voidInvoice(id);
      outcome = 'voided';
    }
  } else {
    const intent = await stripe.paymentIntents.retrieve(id);
    if (USABLE.has(intent.status) || intent.status === 'requires_capture') {
      await stripe.paymentIntents.cancel(id);
      outcome = 'canceled';
    }
  }
  if (outcome !== 'left')
    await sql`UPDATE stripe_payment_intents SET settled_at = now(), last_status = ${outcome}
      WHERE intent_id = ${id} AND settled_at IS NULL`.execute(deps.db);
  return outcome;
}

/**
 * The `stripe.invoice.void` job's work (started by InvoiceVoided): every card payment the invoice started, as its
 * stream records them (payment intents and any hosted invoice), stopped at Stripe by `voidCardPayment`.
 */
export async function voidInvoiceCardPayments(
  deps: StripeDeps,
  invoiceId: number,
): Promise<Record<string, unknown>> {
  const ids = new Set<string>();
  for (const event of await deps.store.readStream(invoiceStreamOf(invoiceId))) {
    if (event.type !== 'InvoicePaymentIntentCreated') continue;
    const data = event.data as { intentId: string; hostedInvoiceId: string | null };
    ids.add(data.intentId);
    if (data.hostedInvoiceId) ids.add(data.hostedInvoiceId);
  }
  const outcomes: Record<string, string> = {};
  for (const id of ids) outcomes[id] = await voidCardPayment(deps, id);
  return { invoiceId, outcomes };
}
