import type { InvoiceKind, PaymentMethod, PaymentStatus } from '@app/contracts/invoices/rules';

/** One entry of an invoice's ledger, as stored in `payments.ledger` (money received, integer cents). */
export interface LedgerEntryRow {
  paymentId: string;
  amountCents: number;
  method: PaymentMethod;
  customMethod: string | null;
  transactionId: string | null;
  source: 'offline' | 'stripe';
  paidAt: string;
}

/**
 * One row per invoice (the spec's "payment"), voided ones kept with `voided_at` so revenue history stays
 * explainable; the lists leave them out. Money is integer cents (bigint: node-postgres answers a string).
 * Client and project names are not kept: queries join them from their views, so renames show.
 */
export interface PaymentsTable {
  id: number;
  invoice_number: string;
  project_id: number;
  client_id: number;
  amount_cents: string | number;
  paid_cents: string | number;
  description: string;
  status: PaymentStatus;
  kind: InvoiceKind;
  payment_method: PaymentMethod | null;
  custom_method: string | null;
  /** The last card payment started, and Stripe's hosted invoice address, when there is one. */
  payment_intent_id: string | null;
  stripe_invoice_url: string | null;
  /** The last ledger entry's transaction id. */
  transaction_id: string | null;
  invoice_date: string;
  due_date: string;
  paid_at: Date | string | null;
  created_at: Date | string;
  estimate_id: number | null;
  ledger: LedgerEntryRow[];
  voided_at: Date | string | null;
  void_reason: string | null;
  /**
   * The start of the row's list answer: `paymentFacts` as JSON text without its closing brace (not JSON by
   * itself); GET /api/payments ends it with the names, overdue and the page's address.
   */
  list_head: string;
  last_event_position: string;
}
