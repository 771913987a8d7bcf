import type { TPayment } from '@app/contracts/api/invoices';
import { BUSINESS_TIME_ZONE } from '@app/contracts/calendar/time-zone';
import { dollars } from '@app/contracts/estimates/quote-text';
import { defaultDueDate, isOverdue, type PaymentStatus } from '@app/contracts/invoices/rules';
import { today } from '../../lib/format';

/**
 * The Payments view's pure rules (spec part 2, section 2.8): its tabs and their counts, the stat cards'
 * sums, and when an invoice reads Overdue (a pending invoice whose due date is before today in Alaska).
 */

export const PAYMENT_TABS = [
  { id: 'all', label: 'All' },
  { id: 'pending', label: 'Pending' },
  { id: 'completed', label: 'Completed' },
  { id: 'failed', label: 'Failed' },
] as const;
export type PaymentTab = (typeof PAYMENT_TABS)[number]['id'];

type Row = Pick<TPayment, 'status' | 'dueDate' | 'amountCents' | 'paidCents' | 'balanceCents'>;

/** Today in the business's time zone, the day Overdue is judged by. */
export const alaskaToday = (now = new Date()) => today(now, BUSINESS_TIME_ZONE);

/** The due date offered by default: today (Alaska) plus 30 days. */
export const defaultDueDay = (now = new Date()) => defaultDueDate(alaskaToday(now));

export const overdue = (row: Pick<Row, 'status' | 'dueDate'>, todayDay: string) =>
  isOverdue(row.status, row.dueDate, todayDay);

export const inTab = <T extends Row>(rows: readonly T[], tab: PaymentTab): T[] =>
  tab === 'all' ? [...rows] : rows.filter((row) => row.status === tab);

export const tabCounts = (rows: readonly Row[]): Record<PaymentTab, number> => {
  const count = (status: PaymentStatus) => rows.filter((row) => row.status === status).length;
  return {
    all: rows.length,
    pending: count('pending'),
    completed: count('completed'),
    failed: count('failed'),
  };
};

/**
 * The stat cards, in cents: everything invoiced (failed invoices left out: nothing is owed on them), what was
 * received, what is still owed on pending invoices, and the part of that past its due date.
 */
export function paymentStats(rows: readonly Row[], todayDay: string) {
  let total = 0;
  let paid = 0;
  let pending = 0;
  let late = 0;
  for (const row of rows) {
    paid += row.paidCents;
    if (row.status === 'failed') continue;
    total += row.amountCents;
    if (row.status !== 'pending') continue;
    pending += row.balanceCents;
    if (overdue(row, todayDay)) late += row.balanceCents;
  }
  return { totalCents: total, paidCents: paid, pendingCents: pending, overdueCents: late };
}

/** Payments are shown with 2 decimals (section 9), written as the quotes and invoices print money. */
export const centsToUsd = dollars;

/** Cents as the dollars a form's amount field takes ("1250.50"). */
export const centsToDollarText = (cents: number) => (cents / 100).toFixed(2);
