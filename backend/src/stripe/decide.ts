import type { TEventOf } from '@app/contracts/events/domain';
import type { StoredEvent } from '@app/contracts/events/envelope';
import type { TInvoiceEvent } from '@app/contracts/events/invoices';
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
  const object = event.data.object as unknown as Record<string, unknown>;
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
  | { record: false; reason: string };

/**
 * Whether a payment intent Stripe says succeeded is recorded on its invoice: only in US dollars, for an
 * invoice that exists and is not deleted, for no more than what is owed, and not twice. The webhook's job and
 * the reconciliation sweep both ask this, on the invoice's stream as it is when they run.
 */
export function succeededPayment(
  invoice: PayableInvoice | null,
  paid: { intentId: string; amountCents: number | null; currency: string | null },
): PaymentDecision {
  if (!invoice) return { record: false, reason: 'the intent names no invoice of ours' };
  const paymentId = stripePaymentId(paid.intentId);
  if (invoice.paymentIds.has(paymentId)) return { record: false, reason: 'already recorded' };
  if (invoice.voided) return { record: false, reason: 'the invoice was deleted' };
  if (paid.currency?.toLowerCase() !== CURRENCY)
    return { record: false, reason: `currency mismatch: ${paid.currency} is not ${CURRENCY}` };
  if (!paid.amountCents || paid.amountCents < 1) return { record: false, reason: 'nothing was received' };
  const recorded = invoice.intents.find((i) => i.intentId === paid.intentId);
  if (recorded && recorded.amountCents !== paid.amountCents)
    return {
      record: false,
      reason: `amount mismatch: ${paid.amountCents} cents received, the intent was for ${recorded.amountCents}`,
    };
  if (paid.amountCents > balanceOf(invoice))
    return {
      record: false,
      reason: `amount mismatch: ${paid.amountCents} cents received, ${balanceOf(invoice)} owed`,
    };
  return { record: true, invoiceId: invoice.invoiceId, paymentId, amountCents: paid.amountCents };
}
