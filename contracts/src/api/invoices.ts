import { z } from 'zod';
import {
  INVOICE_KINDS,
  INVOICE_NUMBER_PATTERN,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
} from '../invoices/rules.ts';
import { asksForPage, fromNotAfterTo, ZDayRange, ZListQuery, ZPage } from './paging.ts';
import { ZCalendarDay, ZDollarsToCents, ZId, ZIdParam, ZText } from './primitives.ts';

/**
 * The invoices and payments API (spec part 1 section 7 "Invoices and payment", part 2 sections 5 and 7
 * "Payments and invoices"). Bodies take dollars as the spec's forms send them (`amount`, step 0.01) and turn
 * them into integer cents at once; answers carry cents (`…Cents`) beside the spec's dollar fields.
 */

export const INVOICE_NOT_FOUND = 'Invoice not found';
export const PROJECT_REQUIRED = 'Please select a job/project';
export const DESCRIPTION_REQUIRED = 'Description is required';
export const USD_ONLY = 'Only US dollars (usd) are accepted';
export const DUE_BEFORE_INVOICE = 'The due date cannot be before the invoice date';
export const OVERPAYMENT = 'The payment is more than what is owed on this invoice';
export const METHOD_UNKNOWN = `Payment method must be one of ${PAYMENT_METHODS.join(', ')}`;
export const CUSTOM_METHOD_REQUIRED = 'Please describe the custom payment method';
export const DELETE_REASON_REQUIRED = 'Please say why this paid invoice is deleted';
export const QUOTE_AND_PROJECT_REQUIRED = 'Please choose both a quote and a project';
export const STRIPE_NOT_CONFIGURED = 'Payment processing is being set up...';

const ZMethod = z.enum(PAYMENT_METHODS, { error: METHOD_UNKNOWN });
const ZCurrency = z
  .string()
  .transform((c) => c.toLowerCase())
  .pipe(z.literal('usd', { error: USD_ONLY }))
  .optional();

/**
 * POST /api/invoices and POST /api/payments (the spec's two ways to bill a job; both issue an invoice):
 * `invoiceNumber` empty → the month's next number; `dueDate` empty → 30 days after today (Alaska).
 */
export const ZCreateInvoiceBody = z.object({
  projectId: ZId(PROJECT_REQUIRED),
  amount: ZDollarsToCents,
  description: ZText(2_000, { error: DESCRIPTION_REQUIRED }).min(1, DESCRIPTION_REQUIRED),
  invoiceNumber: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    ZText(30)
      .transform((n) => n.toUpperCase())
      .refine((n) => INVOICE_NUMBER_PATTERN.test(n), 'Invoice number must look like INV-202611-001')
      .optional(),
  ),
  dueDate: ZCalendarDay('Due date must be a date (YYYY-MM-DD)').optional(),
  currency: ZCurrency,
  kind: z.enum(INVOICE_KINDS).default('full'),
  paymentMethod: ZMethod.optional(),
  customMethod: ZText(100).optional(),
  /** The spec's POST /api/payments sends `status: 'pending'`; a new invoice is always pending. */
  status: z.literal('pending').optional(),
});
export type TCreateInvoiceBody = z.input<typeof ZCreateInvoiceBody>;

export const ZInvoiceIdParams = z.object({ id: ZIdParam });
export const ZInvoicePageParams = z.object({ invoiceId: ZIdParam });

/** PATCH /api/invoices/{id}/due-date. */
export const ZDueDateBody = z.object({ dueDate: ZCalendarDay('Please choose a due date') });

/** PATCH /api/payments/{id}/method: custom needs its text. */
export const ZPaymentMethodBody = z
  .object({ paymentMethod: ZMethod, customMethod: ZText(100).optional() })
  .refine((b) => b.paymentMethod !== 'custom' || (b.customMethod ?? '').length > 0, {
    message: CUSTOM_METHOD_REQUIRED,
    path: ['customMethod'],
  });

/** PATCH /api/payments/{id}/status and /complete: completed sets paidAt (now when not given), others clear it. */
export const ZPaymentStatusBody = z.object({
  status: z.enum(PAYMENT_STATUSES, { error: 'Status must be pending, completed or failed' }),
  paidAt: z.iso.datetime({ offset: true }).nullable().optional(),
  reason: ZText(500).optional(),
});

/**
 * PATCH /api/payments/{id}/confirm: money received offline (cash, check, Venmo...), recorded on the invoice's
 * ledger. Without `amount` it is the whole remaining balance; with it, a part (a deposit, a milestone).
 */
export const ZConfirmPaymentBody = z
  .object({
    status: z.literal('completed').optional(),
    paymentMethod: ZMethod,
    customMethod: ZText(100).optional(),
    transactionId: ZText(200).optional(),
    paidAt: z.iso.datetime({ offset: true }).optional(),
    amount: ZDollarsToCents.optional(),
    currency: ZCurrency,
  })
  .refine((b) => b.paymentMethod !== 'custom' || (b.customMethod ?? '').length > 0, {
    message: CUSTOM_METHOD_REQUIRED,
    path: ['customMethod'],
  });

/** DELETE /api/payments/{id} `{reason}`: required when money was received for it. */
/** Fastify hands a DELETE without a body over as null. */
export const ZDeletePaymentBody = z.object({ reason: ZText(500).optional() }).nullish();

export const EXTRA_AMOUNT_REQUIRED = 'Please enter the extra amount to bill beyond the quote';
export const AMOUNT_ONLY_WITH_EXTRA = 'An amount is only given for an extra beyond the quote (allowExtra)';

/**
 * POST /api/quotes/convert-to-invoice: bills what remains of the quote. When nothing remains the answer is 409
 * (`quote_fully_invoiced`, naming the invoices made); an admin may then confirm an explicit extra beyond the
 * quote with `allowExtra: true` and its `amount` in dollars.
 */
export const ZConvertQuoteBody = z
  .object({
    estimateId: ZId(QUOTE_AND_PROJECT_REQUIRED),
    projectId: ZId(QUOTE_AND_PROJECT_REQUIRED),
    allowExtra: z.literal(true, { error: 'allowExtra must be true when given' }).optional(),
    amount: ZDollarsToCents.optional(),
  })
  .refine((b) => !b.allowExtra || b.amount !== undefined, {
    message: EXTRA_AMOUNT_REQUIRED,
    path: ['amount'],
  })
  .refine((b) => b.amount === undefined || b.allowExtra, {
    message: AMOUNT_ONLY_WITH_EXTRA,
    path: ['amount'],
  });
export type TConvertQuoteBody = z.input<typeof ZConvertQuoteBody>;
export const ZConvertQuoteResponse = z.object({ invoiceId: z.number().int(), invoiceUrl: z.string() });

/** POST /api/create-payment-intent: the embedded card form's payment for an invoice's balance (or a part). */
export const ZCreatePaymentIntentBody = z.object({
  invoiceId: ZId('must be an invoice id').optional(),
  projectId: ZId(PROJECT_REQUIRED),
  amount: ZDollarsToCents,
  description: ZText(2_000).optional(),
  currency: ZCurrency,
});
export const ZPaymentIntentResponse = z.object({ clientSecret: z.string() });

/** One entry of an invoice's ledger. */
export const ZLedgerEntry = z.object({
  paymentId: z.string(),
  amountCents: z.number().int(),
  method: z.enum(PAYMENT_METHODS),
  customMethod: z.string().nullable(),
  transactionId: z.string().nullable(),
  source: z.enum(['offline', 'stripe']),
  paidAt: z.string(),
});

/**
 * A row of the payments list (GET /api/payments, ?projectId=, /client, /client/{clientId}): the spec's Payment
 * fields (amount in dollars) with the ledger's sums in cents.
 */
export const ZPayment = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  projectTitle: z.string(),
  projectType: z.string(),
  clientId: z.number().int(),
  clientName: z.string(),
  amount: z.number(),
  amountCents: z.number().int(),
  paidCents: z.number().int(),
  balanceCents: z.number().int(),
  description: z.string(),
  invoiceNumber: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  kind: z.enum(INVOICE_KINDS),
  paymentMethod: z.enum(PAYMENT_METHODS).nullable(),
  customMethod: z.string().nullable(),
  stripePaymentIntentId: z.string().nullable(),
  transactionId: z.string().nullable(),
  invoiceDate: z.string(),
  dueDate: z.string(),
  /** Pending with a due date before today in Alaska. */
  overdue: z.boolean(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
  estimateId: z.number().int().nullable(),
  /** The invoice page's address (the spec's customInvoiceUrl). */
  invoiceUrl: z.string(),
});
export type TPayment = z.infer<typeof ZPayment>;
export const ZPayments = z.array(ZPayment);

/** POST /api/invoices and /api/payments answer the row and the spec's links. */
export const ZInvoiceCreated = ZPayment.extend({
  paymentLink: z.string(),
  customInvoiceUrl: z.string(),
  stripeInvoiceUrl: z.string().nullable(),
});

/** GET /api/invoices/{invoiceId}: what the invoice page shows (admins, and the invoice's own client). */
export const ZInvoice = z.object({
  id: z.number().int(),
  invoiceNumber: z.string(),
  createdAt: z.string(),
  invoiceDate: z.string(),
  dueDate: z.string(),
  /** The page's status: pending, paid (completed) or failed. */
  status: z.enum(['pending', 'paid', 'failed']),
  overdue: z.boolean(),
  amount: z.number(),
  amountCents: z.number().int(),
  paidCents: z.number().int(),
  balanceCents: z.number().int(),
  description: z.string(),
  kind: z.enum(INVOICE_KINDS),
  payments: z.array(ZLedgerEntry),
  stripeInvoiceUrl: z.string().nullable(),
  /** The embedded card form's client secret, when a payment intent is open (null without Stripe keys). */
  paymentIntentId: z.string().nullable(),
  /** Whether card payment is set up on this server (STRIPE_* configured); else the page says it is being set up. */
  cardPayments: z.boolean(),
  stripePublishableKey: z.string().nullable(),
  client: z.object({
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    address: z.string().nullable(),
  }),
  project: z.object({ id: z.number().int(), title: z.string(), type: z.string(), description: z.string() }),
  company: z.object({ name: z.string(), email: z.string(), phone: z.string(), address: z.string() }),
});
export type TInvoice = z.infer<typeof ZInvoice>;

/** GET /api/dashboard/revenue: completed payments by month (Alaska), the last 12 months, oldest first. */
export const ZRevenueByMonth = z.array(z.object({ month: z.string(), cents: z.number().int() }));

/** POST /api/estimates/{id}/invoice: the client's choice after accepting their quote (30 % deposit or all). */
export const ZQuoteInvoiceChoiceBody = z.object({
  choice: z.enum(['deposit', 'full'], { error: 'Please choose a deposit or the full amount' }),
});

/**
 * GET /api/payments (staff). With none of its parameters, or `projectId` alone (one project's invoices), the
 * spec's whole array. With any of `limit`, `cursor`, `q`, `status`, `clientId`, `from`, `to` a page (see
 * ./paging.ts), newest first: every word of `q` in the invoice number, description, client or project; `from` and
 * `to` are calendar days (inclusive) of the invoice date, the day it was issued in Alaska.
 */
const paymentStatus = z
  .enum(PAYMENT_STATUSES, { error: 'status must be pending, completed or failed' })
  .optional();

export const ZPaymentsQuery = ZListQuery({
  projectId: ZIdParam.optional(),
  clientId: ZIdParam.optional(),
  status: paymentStatus,
  ...ZDayRange,
}).refine(...fromNotAfterTo);
export type TPaymentsQuery = z.infer<typeof ZPaymentsQuery>;

/** Whether a payments query asks for a page: `projectId` alone keeps the whole-array answer screens use. */
export const paymentsAsksForPage = ({ projectId: _, ...rest }: TPaymentsQuery) => asksForPage(rest);

export const ZPaymentsPage = ZPage(ZPayment);

/**
 * GET /api/payments/client (the signed-in client) and /api/payments/client/{clientId} (staff): with none of
 * its parameters the client's whole array, as the spec answers it; with any, a page of that client's invoices
 * as GET /api/payments pages them.
 */
export const ZClientPaymentsQuery = ZListQuery({ status: paymentStatus, ...ZDayRange }).refine(
  ...fromNotAfterTo,
);
export type TPaymentsPage = z.infer<typeof ZPaymentsPage>;

/**
 * GET /api/payments/stats (staff): the Payments view's figures from kept sums and counters, in cents: everything
 * invoiced (failed invoices left out: nothing is owed on them), what was received, what is still owed on pending
 * invoices and the part of that past its due date (Alaska), and how many invoices there are of each status.
 */
export const ZPaymentStats = z.object({
  totalCents: z.number().int(),
  paidCents: z.number().int(),
  pendingCents: z.number().int(),
  overdueCents: z.number().int(),
  counts: z.object({
    all: z.number().int(),
    pending: z.number().int(),
    completed: z.number().int(),
    failed: z.number().int(),
  }),
});
export type TPaymentStats = z.infer<typeof ZPaymentStats>;
