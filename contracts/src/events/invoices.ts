import { z } from 'zod';
import { INVOICE_KINDS, PAYMENT_METHODS, PAYMENT_SOURCES, PAYMENT_STATUSES } from '../invoices/rules.ts';
import { defineEvent } from './define.ts';
import { eDay, eId, eInstant, eText } from './values.ts';

/**
 * Invoice events, one stream per invoice (`invoice-<invoiceId>`), and the month counters that hand out
 * invoice numbers without gaps (`invoice-numbers-<YYYYMM>`). Money is integer cents (USD).
 */
const id = { invoiceId: eId };
const eCents = z.number().int().min(1).max(100_000_000_000);
const eMethod = z.enum(PAYMENT_METHODS);

export const ZInvoiceIssued = defineEvent(
  'InvoiceIssued',
  z.object({
    ...id,
    invoiceNumber: eText,
    projectId: eId,
    clientId: eId,
    description: eText,
    amountCents: eCents,
    currency: z.literal('usd'),
    invoiceDate: eDay,
    dueDate: eDay,
    kind: z.enum(INVOICE_KINDS),
    /** The quote it was made from (Convert Quote to Invoice, or the client's choice after accepting). */
    estimateId: eId.nullable(),
    /** The recurring billing plan that issued it. */
    billingPlanId: eId.nullable(),
    paymentMethod: eMethod.nullable(),
    customMethod: eText.nullable(),
    issuedBy: eId,
    issuedAt: eInstant,
  }),
);

/** The n-th invoice number of a month was given to an invoice (same change as its InvoiceIssued). */
export const ZInvoiceNumberTaken = defineEvent(
  'InvoiceNumberTaken',
  z.object({ month: z.string().regex(/^\d{6}$/), sequence: z.number().int().min(1), ...id }),
);

export const ZInvoiceDueDateChanged = defineEvent(
  'InvoiceDueDateChanged',
  z.object({ ...id, dueDate: eDay, changedBy: eId, changedAt: eInstant }),
);

export const ZInvoicePaymentMethodChanged = defineEvent(
  'InvoicePaymentMethodChanged',
  z.object({
    ...id,
    paymentMethod: eMethod,
    customMethod: eText.nullable(),
    changedBy: eId,
    changedAt: eInstant,
  }),
);

/**
 * Money received for the invoice, one ledger entry. `paymentId` is unique per invoice: a Stripe payment is named
 * by its payment intent (`stripe-<pi_...>`), so a webhook delivered twice, or a webhook and the reconciliation
 * sweep, record it once.
 */
export const ZInvoicePaymentRecorded = defineEvent(
  'InvoicePaymentRecorded',
  z.object({
    ...id,
    paymentId: eText,
    amountCents: eCents,
    method: eMethod,
    customMethod: eText.nullable(),
    transactionId: eText.nullable(),
    source: z.enum(PAYMENT_SOURCES),
    paidAt: eInstant,
    /** The admin who recorded it, or null when Stripe reported it. */
    recordedBy: eId.nullable(),
    recordedAt: eInstant,
  }),
);

/** Staff set the status by hand (section 4: completed sets paidAt, the others clear it). */
export const ZInvoiceStatusChanged = defineEvent(
  'InvoiceStatusChanged',
  z.object({
    ...id,
    status: z.enum(PAYMENT_STATUSES),
    paidAt: eInstant.nullable(),
    changedBy: eId.nullable(),
    changedAt: eInstant,
    reason: eText.nullable(),
  }),
);

/** A card payment was started (the embedded card form's payment intent, or Stripe's hosted invoice). */
export const ZInvoicePaymentIntentCreated = defineEvent(
  'InvoicePaymentIntentCreated',
  z.object({
    ...id,
    intentId: eText,
    amountCents: eCents,
    hostedInvoiceId: eText.nullable(),
    hostedInvoiceUrl: eText.nullable(),
    createdAt: eInstant,
  }),
);

/** A card payment was refused (Stripe's payment_intent.payment_failed). */
export const ZInvoicePaymentFailed = defineEvent(
  'InvoicePaymentFailed',
  z.object({ ...id, intentId: eText, message: eText, failedAt: eInstant }),
);

/** Deleted (section 2.8's Delete): who and why; a paid one keeps its ledger in the history. */
export const ZInvoiceVoided = defineEvent(
  'InvoiceVoided',
  z.object({ ...id, reason: eText, voidedBy: eId, voidedAt: eInstant, paidCents: z.number().int().min(0) }),
);

export const invoiceEventSchemas = [
  ZInvoiceIssued,
  ZInvoiceNumberTaken,
  ZInvoiceDueDateChanged,
  ZInvoicePaymentMethodChanged,
  ZInvoicePaymentRecorded,
  ZInvoiceStatusChanged,
  ZInvoicePaymentIntentCreated,
  ZInvoicePaymentFailed,
  ZInvoiceVoided,
] as const;

export type TInvoiceEvent = z.infer<(typeof invoiceEventSchemas)[number]>;
