import type { TEventOf } from '@app/contracts/events/domain';
import type { StoredEvent } from '@app/contracts/events/envelope';
import type { TInvoiceEvent } from '@app/contracts/events/invoices';
import { ZStripeEventReceived } from '@app/contracts/events/stripe';
import { CURRENCY } from '@app/contracts/invoices/rules';
import type Stripe from 'stripe';

/**
 * The pure decisions of card payments: what a verified webhook says (kept as StripeEventReceived), what an
 * invoice's stream says about paying it by card, and whether a succeeded intent is recorded as a payment.
 */

export type StripeEventData = TEventOf<'StripeEventReceived'>['data'];

/** The invoice's stream, as the contract names it (`invoice-<invoiceId>`). */
export const invoiceStreamOf = (invoiceId: number) => `invoice-${invoiceId}`;
/** A Stripe payment's ledger name: the intent names it, so the webhook and the sweep record it once. */
export const stripePaymentId = (intentId: string) => `stripe-${intentId}`;

const positiveId = (v: unknown) => {
  const n = typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : Number.NaN;
  return Number.isInteger(n) && n >= 1 && n <= 2_147_483_647 ? n : null;
};

/**
 * What we keep of a verified Stripe event: the payment intent's id, our invoice, the money, and why it failed;
 * or the SetupIntent's id and status.
 */
export function summarizeStripeEvent(event: Stripe.Event, receivedAt: Date): StripeEventData {
  const object = (event.data?.object ?? {}) as unknown as Record<string, unknown>;
  const intent = object.object === 'payment_intent' ? (object as unknown as Stripe.PaymentIntent) : null;
  // A SetupIntent (a card saved for automatic payment) is kept by its id alone: the job asks Stripe the rest.
  const setup = object.object === 'setup_intent' ? (object as unknown as Stripe.SetupIntent) : null;
  const received = intent ? intent.amount_received || intent.amount : null;
  return {
    eventId: event.id,
    type: event.type,
    intentId: intent?.id ?? setup?.id ?? null,
    invoiceId: positiveId(intent?.metadata?.invoiceId),
    amountCents: typeof received === 'number' && Number.isInteger(received) ? received : null,
    currency: intent?.currency ?? null,
    status: intent?.status ?? setup?.status ?? null,
    failureMessage: intent?.last_payment_error?.message ?? null,
    livemode: event.livemode,
    createdAt: new Date(event.created * 1000).toISOString(),
    receivedAt: receivedAt.toISOString(),
  };
}

/** The most an invoice holds (its events' cap): more is no payment of ours, whatever Stripe's event says. */
const MAX_CENTS = 100_000_000_000;
const isCents = (v: unknown, least: number) =>
  typeof v === 'number' && Number.isSafeInteger(v) && v >= least && v <= MAX_CENTS;

/**
 * Whether a verified webhook is kept (StripeEventReceived) or refused, with the reason. Stripe never sends an
 * intent of zero, negative, fractional or absurd cents, so such an event (a probe holding the webhook secret, a
 * test) is refused: acknowledged so it is not sent again, and nothing is stored, so nothing is recorded and the
 * intent stays on the sweep's list, where Stripe itself is asked. What cannot be stored (a NUL in a message, no
 * id or time) is refused the same way rather than failing the request.
 */
export function keptStripeEvent(
  event: Stripe.Event,
  receivedAt: Date,
): { keep: StripeEventData } | { refused: string } {
  const object = (event.data?.object ?? {}) as unknown as Record<string, unknown>;
  if (object.object === 'payment_intent') {
    if (!isCents(object.amount, 1))
      return { refused: `the intent's amount (${String(object.amount)}) is not a payable number of cents` };
    const received = object.amount_received;
    if (received !== undefined && received !== null && !isCents(received, 0))
      return { refused: `the intent's amount received (${String(received)}) is not a number of cents` };
  }
  let data: StripeEventData;
  try {
    data = summarizeStripeEvent(event, receivedAt);
  } catch {
    return { refused: 'the event does not have the shape of a Stripe event' };
  }
  const parsed = ZStripeEventReceived.shape.data.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      refused: `the event cannot be kept: ${issue?.path.join('.') ?? 'data'} ${issue?.message ?? ''}`,
    };
  }
  return { keep: data };
}

/** An invoice as paying it by card needs it. */
export interface PayableInvoice {
  invoiceId: number;
  projectId: number;
  clientId: number;
  amountCents: number;
  paidCents: number;
  voided: boolean;
  paymentIds: ReadonlySet<string>;
  /** Intents recorded on it, in order, and whether each was paid or failed since. */
  intents: readonly { intentId: string; amountCents: number; paid: boolean; failed: boolean }[];
}

export const balanceOf = (invoice: PayableInvoice) => invoice.amountCents - invoice.paidCents;

/** Folds an invoice's stream (only the events that matter to card payments); null when it was never issued. */
export function payableInvoice(events: readonly StoredEvent[]): PayableInvoice | null {
  let invoice: PayableInvoice | null = null;
  for (const stored of events) {
    const e = stored as unknown as TInvoiceEvent;
    if (e.type === 'InvoiceIssued') {
      invoice = {
        invoiceId: e.data.invoiceId,
        projectId: e.data.projectId,
        clientId: e.data.clientId,
        amountCents: e.data.amountCents,
        paidCents: 0,
        voided: false,
        paymentIds: new Set(),
        intents: [],
      };
      continue;
    }
    if (!invoice) continue;
    switch (e.type) {
      case 'InvoicePaymentRecorded':
        invoice = {
          ...invoice,
          paidCents: invoice.paidCents + e.data.amountCents,
          paymentIds: new Set([...invoice.paymentIds, e.data.paymentId]),
          intents: invoice.intents.map((i) =>
            stripePaymentId(i.intentId) === e.data.paymentId ? { ...i, paid: true } : i,
          ),
        };
        break;
      case 'InvoicePaymentIntentCreated':
        invoice = {
          ...invoice,
          intents: [
            ...invoice.intents.filter((i) => i.intentId !== e.data.intentId),
            { intentId: e.data.intentId, amountCents: e.data.amountCents, paid: false, failed: false },
          ],
        };
        break;
      case 'InvoicePaymentFailed':
        invoice = {
          ...invoice,
          intents: invoice.intents.map((i) => (i.intentId === e.data.intentId ? { ...i, failed: true } : i)),
        };
        break;
      case 'InvoiceVoided':
        invoice = { ...invoice, voided: true };
        break;
      default:
        break;
    }
  }
  return invoice;
}

export type PaymentDecision =
  | { record: true; invoiceId: number; paymentId: string; amountCents: number }
  /** `review`: money was taken that this app did not ask for; a person must look at it in Stripe. */
  | { record: false; reason: string; review?: true };

/** An intent this app made, as `stripe_payment_intents` keeps it (keepIntent): for which invoice and how much. */
export interface MadeIntent {
  invoiceId: number;
  amountCents: number;
}

export const NOT_OURS = 'not a payment intent this app made';

/**
 * Whether a payment intent Stripe says succeeded is recorded on its invoice: only an intent this app made
 * (`made`), on the invoice it was made for (never the invoice its metadata names: anyone with the Stripe account
 * can make an intent and write any metadata), for the amount it was made for, in US dollars, for an invoice
 * that exists and is not deleted, for no more than what is owed, and not twice. The webhook's job and the
 * reconciliation sweep both ask this, on the invoice's stream as it is when they run.
 */
export function succeededPayment(
  made: MadeIntent | null,
  invoice: PayableInvoice | null,
  paid: { intentId: string; amountCents: number | null; currency: string | null },
): PaymentDecision {
  if (!made) return { record: false, reason: NOT_OURS, review: true };
  if (!invoice || invoice.invoiceId !== made.invoiceId)
    return { record: false, reason: 'the invoice it was made for does not exist' };
  const paymentId = stripePaymentId(paid.intentId);
  if (invoice.paymentIds.has(paymentId)) return { record: false, reason: 'already recorded' };
  if (invoice.voided) return { record: false, reason: 'the invoice was deleted' };
  if (paid.currency?.toLowerCase() !== CURRENCY)
    return { record: false, reason: `currency mismatch: ${paid.currency} is not ${CURRENCY}` };
  if (!paid.amountCents || paid.amountCents < 1) return { record: false, reason: 'nothing was received' };
  if (made.amountCents !== paid.amountCents)
    return {
      record: false,
      reason: `amount mismatch: ${paid.amountCents} cents received, the intent was for ${made.amountCents}`,
    };
  if (paid.amountCents > balanceOf(invoice))
    return {
      record: false,
      reason: `amount mismatch: ${paid.amountCents} cents received, ${balanceOf(invoice)} owed`,
    };
  return { record: true, invoiceId: invoice.invoiceId, paymentId, amountCents: paid.amountCents };
}
