import { utcToLocal } from '@app/contracts/calendar/time-zone';
import { eventTypesOf } from '@app/contracts/events/domain';
import type { StoredEvent } from '@app/contracts/events/envelope';
import { invoiceEventSchemas, type TInvoiceEvent } from '@app/contracts/events/invoices';
import { documentProjection } from '../runtime/document-projection.ts';
import { paymentListHead } from './dto.ts';
import { keepingPaidProjects, paidProjectKey } from './paid-projects.ts';
import type { PaymentsTable } from './table.ts';

export type PaymentRow = Omit<PaymentsTable, 'last_event_position' | 'list_head'>;

/** The row after one invoice event (pure, unit tested without a database). */
export function evolvePayment(row: PaymentRow | null, event: TInvoiceEvent): PaymentRow | null | undefined {
  if (event.type === 'InvoiceIssued') {
    const d = event.data;
    return {
      id: d.invoiceId,
      invoice_number: d.invoiceNumber,
      project_id: d.projectId,
      client_id: d.clientId,
      amount_cents: d.amountCents,
      paid_cents: 0,
      description: d.description,
      status: 'pending',
      kind: d.kind,
      payment_method: d.paymentMethod,
      custom_method: d.customMethod,
      payment_intent_id: null,
      stripe_invoice_url: null,
      transaction_id: null,
      invoice_date: d.invoiceDate,
      due_date: d.dueDate,
      paid_at: null,
      created_at: d.issuedAt,
      estimate_id: d.estimateId,
      ledger: [],
      voided_at: null,
      void_reason: null,
    };
  }
  if (!row) return undefined;
  switch (event.type) {
    case 'InvoiceNumberTaken':
      return undefined;
    case 'InvoiceDueDateChanged':
      return { ...row, due_date: event.data.dueDate };
    case 'InvoicePaymentMethodChanged':
      return { ...row, payment_method: event.data.paymentMethod, custom_method: event.data.customMethod };
    case 'InvoicePaymentRecorded': {
      const d = event.data;
      return {
        ...row,
        paid_cents: Number(row.paid_cents) + d.amountCents,
        transaction_id: d.transactionId ?? row.transaction_id,
        ledger: [
          ...row.ledger,
          {
            paymentId: d.paymentId,
            amountCents: d.amountCents,
            method: d.method,
            customMethod: d.customMethod,
            transactionId: d.transactionId,
            source: d.source,
            paidAt: d.paidAt,
          },
        ],
      };
    }
    case 'InvoiceStatusChanged':
      return { ...row, status: event.data.status, paid_at: event.data.paidAt };
    case 'InvoicePaymentIntentCreated':
      return {
        ...row,
        payment_intent_id: event.data.intentId,
        stripe_invoice_url: event.data.hostedInvoiceUrl ?? row.stripe_invoice_url,
      };
    case 'InvoicePaymentFailed':
      return row.status === 'pending' ? { ...row, status: 'failed' } : undefined;
    case 'InvoiceVoided':
      return { ...row, voided_at: event.data.voidedAt, void_reason: event.data.reason };
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

type PaymentsRowWithJson = Omit<PaymentsTable, 'last_event_position'>;

/** The month counters' events share the types but belong to no invoice row. */
const counted = new Set(eventTypesOf(invoiceEventSchemas));
counted.delete('InvoiceNumberTaken');

/** The invoice an event is about. */
const invoiceIdOf = (e: StoredEvent) => (e.data as { invoiceId: number }).invoiceId;

/** What a search of invoices looks through besides the client and project, of the table aliased `alias` (indexed). */
export const paymentSearchText = (alias = '') => `${alias}invoice_number || ' ' || ${alias}description`;

/** The kept counters of an invoice row (deleted invoices are in no list, so in no counter). */
export const paymentCountKeys = (r: Pick<PaymentRow, 'voided_at' | 'status' | 'client_id' | 'project_id'>) =>
  r.voided_at ? [] : ['', `status:${r.status}`, `client:${r.client_id}`, `project:${r.project_id}`];

/**
 * Kept sums of cents, beside the counters in `payments_counts` (issue 23: the Payments view's figures are read,
 * never summed over every invoice): `cents:invoiced` (failed invoices left out), `cents:paid`, `cents:owed` (the
 * balance of pending invoices) and that balance by due date at five levels, century, decade, year, month and day
 * (`dueKeys`), so the part due before any day is the sum of at most 79 counters (`dueBeforeKeys`).
 */
export function paymentSums(
  r: Pick<PaymentRow, 'voided_at' | 'status' | 'amount_cents' | 'paid_cents' | 'due_date'>,
): [string, number][] {
  if (r.voided_at) return [];
  const amount = Number(r.amount_cents);
  const paid = Number(r.paid_cents);
  const sums: [string, number][] = [['cents:paid', paid]];
  if (r.status !== 'failed') sums.push(['cents:invoiced', amount]);
  if (r.status === 'pending')
    for (const key of ['cents:owed', ...dueKeys(dayOf(r.due_date))]) sums.push([key, amount - paid]);
  return sums;
}

/** A date column as `YYYY-MM-DD` (node-postgres may hand a date over as a Date, at local midnight). */
const dayOf = (value: string | Date) =>
  typeof value === 'string'
    ? value.slice(0, 10)
    : `${value.getFullYear()}-${String(value.getMonth() + 1).padStart(2, '0')}-${String(value.getDate()).padStart(2, '0')}`;

/** The owed-by-due-date counters a day adds to: its century, decade, year, month and day. */
export const dueKeys = (day: string) => [
  `cents:owed:c:${day.slice(0, 2)}`,
  `cents:owed:x:${day.slice(0, 3)}`,
  `cents:owed:y:${day.slice(0, 4)}`,
  `cents:owed:m:${day.slice(0, 7)}`,
  `cents:owed:d:${day}`,
];

/** The owed-by-due-date counters whose sum is what is owed on pending invoices due before `day`. */
export function dueBeforeKeys(day: string): string[] {
  const two = (n: number) => String(n).padStart(2, '0');
  const [century, decade, year] = [Number(day.slice(0, 2)), Number(day[2]), Number(day[3])];
  const [month, date] = [Number(day.slice(5, 7)), Number(day.slice(8, 10))];
  const upTo = (n: number, from = 0) => Array.from({ length: Math.max(0, n - from) }, (_, i) => from + i);
  return [
    ...upTo(century).map((c) => `cents:owed:c:${two(c)}`),
    ...upTo(decade).map((x) => `cents:owed:x:${day.slice(0, 2)}${x}`),
    ...upTo(year).map((y) => `cents:owed:y:${day.slice(0, 3)}${y}`),
    ...upTo(month, 1).map((m) => `cents:owed:m:${day.slice(0, 4)}-${two(m)}`),
    ...upTo(date, 1).map((d) => `cents:owed:d:${day.slice(0, 7)}-${two(d)}`),
  ];
}

/**
 * The dashboard's counters of an invoice row (issue 23: its figures are read, never counted over every invoice):
 * a client's invoices by status, and its project's invoices with money received (`paidProjectKey`, of which
 * `keepingPaidProjects` keeps how many there are).
 */
export function dashboardPaymentKeys(
  r: Pick<PaymentRow, 'voided_at' | 'status' | 'client_id' | 'project_id' | 'paid_cents'>,
): string[] {
  if (r.voided_at) return [];
  const keys = [`client:${r.client_id}:status:${r.status}`];
  if (Number(r.paid_cents) > 0)
    keys.push(paidProjectKey(r.project_id, null), paidProjectKey(r.project_id, r.client_id));
  return keys;
}

/** The kept sum of money received (ledger entries) in a month (`YYYY-MM`) of the business time zone. */
export const paidInMonthKey = (month: string) => `cents:paid:month:${month}`;

/**
 * The dashboard's sums of an invoice row: a client's cents paid, and the ledger's money by the month it was paid
 * in Alaska (the revenue chart).
 */
export function dashboardPaymentSums(
  r: Pick<PaymentRow, 'voided_at' | 'client_id' | 'paid_cents' | 'ledger'>,
): [string, number][] {
  if (r.voided_at) return [];
  const sums = new Map([[`client:${r.client_id}:cents:paid`, Number(r.paid_cents)]]);
  for (const entry of r.ledger) {
    const key = paidInMonthKey(utcToLocal(entry.paidAt).date.slice(0, 7));
    sums.set(key, (sums.get(key) ?? 0) + Number(entry.amountCents));
  }
  return [...sums];
}

/**
 * Payments and invoices (spec part 2 section 2.8, part 1 "Invoice page" and the portal's Payments): a row per
 * invoice with its ledger. Version 2 replaced the placeholder that had no events; 3: list_head, the start of
 * the row's list answer (`paymentFacts`: bump the version whenever it changes, so every row's is made again);
 * 4: paged lists (search index, counters and sums, the status index). 5: the dashboard's counters and sums, and
 * the number of projects with money received (`keepingPaidProjects`).
 */
const paymentRows = documentProjection<PaymentsRowWithJson>({
  name: 'payments',
  version: 5,
  syncType: 'payment',
  table: 'payments',
  ddl: (s) => `
    CREATE TABLE ${s}.payments (
      id integer PRIMARY KEY,
      invoice_number text NOT NULL,
      project_id integer NOT NULL,
      client_id integer NOT NULL,
      amount_cents bigint NOT NULL,
      paid_cents bigint NOT NULL,
      description text NOT NULL,
      status text NOT NULL,
      kind text NOT NULL,
      payment_method text,
      custom_method text,
      payment_intent_id text,
      stripe_invoice_url text,
      transaction_id text,
      invoice_date date NOT NULL,
      due_date date NOT NULL,
      paid_at timestamptz,
      created_at timestamptz NOT NULL,
      estimate_id integer,
      ledger jsonb NOT NULL,
      voided_at timestamptz,
      void_reason text,
      list_head text NOT NULL,
      last_event_position numeric NOT NULL
    );
    CREATE INDEX ON ${s}.payments (created_at DESC, id DESC) WHERE voided_at IS NULL;
    CREATE INDEX ON ${s}.payments (project_id, created_at DESC, id DESC) WHERE voided_at IS NULL;
    CREATE INDEX ON ${s}.payments (client_id, created_at DESC, id DESC) WHERE voided_at IS NULL;
    CREATE INDEX ON ${s}.payments (status, created_at DESC, id DESC) WHERE voided_at IS NULL;
    CREATE INDEX ON ${s}.payments USING gin ((${paymentSearchText()}) gin_trgm_ops) WHERE voided_at IS NULL;`,
  counts: {
    keysOf: (r) => [...paymentCountKeys(r), ...dashboardPaymentKeys(r)],
    sumsOf: (r) => [...paymentSums(r), ...dashboardPaymentSums(r)],
  },
  eventTypes: counted,
  idOf: invoiceIdOf,
  evolve(row, stored) {
    const next = evolvePayment(row, stored as unknown as TInvoiceEvent);
    return next ? { ...next, list_head: paymentListHead(next) } : next;
  },
});

export const paymentsProjection = keepingPaidProjects(paymentRows);
