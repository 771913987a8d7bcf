import { addDays } from '../calendar/time-zone.ts';

/**
 * Invoices and payments (spec part 1 sections 2 "Invoice page", 3 "Payment" and "Invoice"; part 2 sections 2.8,
 * 3, 4, 5, 7, 9). The spec's "payment" record is an invoice: a project's amount owed, its status and how it is
 * paid; the payments list's View Invoice opens `/invoice/{paymentId}`. Here an invoice also keeps a ledger of
 * the money received for it (cash, check, Venmo, card...), so a deposit, milestones and a final invoice of one
 * project each show what was paid and what remains. Money is integer cents end to end; USD only.
 */

export const PAYMENT_METHODS = [
  'cash',
  'card',
  'venmo',
  'cashapp',
  'paypal',
  'check',
  'stripe',
  'custom',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'Cash',
  card: 'Card',
  venmo: 'Venmo',
  cashapp: 'Cash App',
  paypal: 'PayPal',
  check: 'Check',
  stripe: 'Stripe',
  custom: 'Custom',
};

/** The spec's payment statuses: pending until paid in full (completed), or failed (a refused card, or set by staff). */
export const PAYMENT_STATUSES = ['pending', 'completed', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** What an invoice is in a project's payment schedule. */
export const INVOICE_KINDS = ['full', 'deposit', 'milestone', 'final', 'recurring'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** Where a recorded payment came from. */
export const PAYMENT_SOURCES = ['offline', 'stripe'] as const;

/** The only currency taken (the business is in Alaska; Stripe amounts are in USD cents). */
export const CURRENCY = 'usd';

/** Default due date: the invoice's date plus 30 days (section 9). */
export const DEFAULT_DUE_DAYS = 30;
export const defaultDueDate = (invoiceDate: string) => addDays(invoiceDate, DEFAULT_DUE_DAYS);

/** A quote's deposit, when the client chooses to pay a deposit rather than the whole amount. */
export const DEPOSIT_PERCENT = 30;
/** The deposit of a total: 30 %, rounded to whole dollars (half up), never more than the total. */
export const depositOf = (totalCents: number) =>
  Math.min(totalCents, Math.round((totalCents * DEPOSIT_PERCENT) / 100 / 100) * 100);

/**
 * Invoice numbers (section 5: "prefix-YYYYMM-NNN"): INV, the month of the invoice's date in the business time
 * zone, and its place in that month from 001 (four digits past 999). Numbers of a month have no gaps: the
 * n-th invoice made in a month is number n (see backend/src/invoices for how concurrent creations get them).
 */
export const INVOICE_PREFIX = 'INV';
export const invoiceMonthOf = (invoiceDate: string) => invoiceDate.slice(0, 7).replace('-', '');
export const invoiceNumberFor = (month: string, sequence: number) =>
  `${INVOICE_PREFIX}-${month}-${String(sequence).padStart(3, '0')}`;
/** An invoice number an admin typed must have this shape (it is also unique). */
export const INVOICE_NUMBER_PATTERN = /^[A-Z0-9]{2,10}-\d{6}-\d{3,6}$/;

/**
 * Reminders while unpaid (issue 15.5): 3 days before the due date and 1, 7 and 14 days after, each at 09:00 in
 * the business time zone; none once paid, none twice.
 */
export const REMINDER_DAYS = [-3, 1, 7, 14] as const;

/** Whether an unpaid invoice shows as Overdue: its due date is before today in the business time zone. */
export const isOverdue = (status: PaymentStatus, dueDate: string | null, today: string) =>
  status === 'pending' && dueDate !== null && dueDate < today;

/** The Stripe hosted invoice or card form is offered only while something is owed. */
export const owes = (amountCents: number, paidCents: number) => amountCents - paidCents > 0;
