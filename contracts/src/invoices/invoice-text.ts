import type { TInvoice } from '../api/invoices.ts';
import { alaskaLongDay, dollars } from '../estimates/quote-text.ts';
import { type InvoiceKind, PAYMENT_METHOD_LABELS } from './rules.ts';

/**
 * What an invoice says, shared by its PDF, its mails and the invoice page: status, days, the lines of money
 * and of the ledger, as the client reads them. Pure; money comes in integer cents and is never recomputed
 * from dollars (`dollars`, the quotes' own, writes it).
 */

export const INVOICE_KIND_LABELS: Record<InvoiceKind, string> = {
  full: 'Full payment',
  deposit: 'Deposit',
  milestone: 'Milestone payment',
  final: 'Final payment',
  recurring: 'Recurring',
};

export type InvoiceStatusLabel = 'Paid' | 'Overdue' | 'Due';

/** The status the client reads: Paid, Overdue (unpaid past its due date in Alaska), or Due. */
export const invoiceStatusLabel = (invoice: Pick<TInvoice, 'status' | 'overdue'>): InvoiceStatusLabel =>
  invoice.status === 'paid' ? 'Paid' : invoice.overdue ? 'Overdue' : 'Due';

const longDay = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', dateStyle: 'long' });
/** A calendar day (`YYYY-MM-DD`, already Alaska's) spelled out: "March 3, 2026". */
export const longDate = (day: string) => longDay.format(new Date(`${day}T12:00:00Z`));

/** Whole days from `from` to `to` (both `YYYY-MM-DD`): negative when `to` is earlier. */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/** Where an unpaid invoice stands on `today`: "due in 3 days", "due today", "overdue by 7 days". */
export function dueText(dueDate: string, today: string): string {
  const left = daysBetween(today, dueDate);
  if (left > 0) return `due in ${days(left)}`;
  if (left === 0) return 'due today';
  return `overdue by ${days(-left)}`;
}

/** One line of money under the service details. */
export interface MoneyLine {
  item: string;
  cents: number;
}

/** Subtotal, tax (none is charged), total, what was paid and what is left, from the invoice's ledger. */
export const invoiceTotals = (
  invoice: Pick<TInvoice, 'amountCents' | 'paidCents' | 'balanceCents'>,
): MoneyLine[] => [
  { item: 'Subtotal', cents: invoice.amountCents },
  { item: 'Tax', cents: 0 },
  { item: 'Total', cents: invoice.amountCents },
  { item: 'Paid so far', cents: invoice.paidCents },
  { item: 'Balance due', cents: invoice.balanceCents },
];

/** A payment of the ledger as its columns: day received (Alaska), how, its reference, amount. */
export function paymentColumns(
  entry: Pick<
    TInvoice['payments'][number],
    'paidAt' | 'method' | 'customMethod' | 'transactionId' | 'amountCents'
  >,
) {
  const method =
    entry.method === 'custom' && entry.customMethod
      ? entry.customMethod
      : PAYMENT_METHOD_LABELS[entry.method];
  return {
    date: alaskaLongDay(entry.paidAt),
    method,
    reference: entry.transactionId ?? '',
    amount: dollars(entry.amountCents),
  };
}

/** The invoice page's address, where the client reads it and pays online. */
export const invoiceAddress = (publicUrl: string, invoiceId: number) =>
  new URL(`/invoice/${invoiceId}`, publicUrl).toString();
