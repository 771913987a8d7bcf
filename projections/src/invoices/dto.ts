import type { TPayment } from '@app/contracts/api/invoices';
import type { PaymentsTable } from './table.ts';

/**
 * The parts of a payments list row (`TPayment`) that can change while the invoice does not: its project's and
 * client's names (renames show), `overdue` (today in Alaska moves on) and `invoiceUrl` (the server's PUBLIC_URL).
 */
export type PaymentLiveField = 'projectTitle' | 'projectType' | 'clientName' | 'overdue' | 'invoiceUrl';
export type PaymentFacts = Omit<TPayment, PaymentLiveField>;

export type PaymentFactsRow = Pick<
  PaymentsTable,
  | 'id'
  | 'invoice_number'
  | 'project_id'
  | 'client_id'
  | 'amount_cents'
  | 'paid_cents'
  | 'description'
  | 'status'
  | 'kind'
  | 'payment_method'
  | 'custom_method'
  | 'payment_intent_id'
  | 'transaction_id'
  | 'invoice_date'
  | 'due_date'
  | 'paid_at'
  | 'created_at'
  | 'estimate_id'
>;

const instant = (v: Date | string) => new Date(v).toISOString();

/**
 * A payments row's own part of its API answer (GET /api/payments, a staff command's answer, the portal's list).
 * The view keeps it as the start of the row's JSON text too (`list_head`), and the list's query ends it with
 * the live fields in SQL (backend/src/invoices/queries.ts), so a list of thousands is joined by the database
 * rather than read into objects and serialised again: a change here bumps the payments view's version.
 */
export const paymentFacts = (r: PaymentFactsRow): PaymentFacts => {
  const amountCents = Number(r.amount_cents);
  const paidCents = Number(r.paid_cents);
  return {
    id: r.id,
    projectId: r.project_id,
    clientId: r.client_id,
    amount: amountCents / 100,
    amountCents,
    paidCents,
    balanceCents: amountCents - paidCents,
    description: r.description,
    invoiceNumber: r.invoice_number,
    status: r.status,
    kind: r.kind,
    paymentMethod: r.payment_method,
    customMethod: r.custom_method,
    stripePaymentIntentId: r.payment_intent_id,
    transactionId: r.transaction_id,
    invoiceDate: r.invoice_date,
    dueDate: r.due_date,
    paidAt: r.paid_at === null ? null : instant(r.paid_at),
    createdAt: instant(r.created_at),
    estimateId: r.estimate_id,
  };
};

/** The row's JSON answer up to its live fields: `paymentFacts` as JSON text without its closing brace. */
export const paymentListHead = (r: PaymentFactsRow) => JSON.stringify(paymentFacts(r)).slice(0, -1);
