import type { z } from 'zod';
import type { ZLedgerEntry } from '../api/invoices.ts';
import type { StoredEvent } from '../events/envelope.ts';
import type { TInvoiceEvent } from '../events/invoices.ts';
import type { InvoiceKind, PaymentStatus } from './rules.ts';

/**
 * An invoice as its stream (`invoice-<id>`) has it now, folded from the events alone: what its PDF and its mails
 * say, and which events set the due date and made it paid, so a delayed job can tell whether its reason still
 * holds. Pure; the invoices slice keeps its own state for its decisions (backend/src/invoices).
 */
export interface InvoiceNow {
  invoiceId: number;
  invoiceNumber: string;
  projectId: number;
  clientId: number;
  description: string;
  amountCents: number;
  invoiceDate: string;
  dueDate: string;
  kind: InvoiceKind;
  issuedAt: string;
  status: PaymentStatus;
  paidAt: string | null;
  /** The ledger, in the order the payments were recorded. */
  payments: z.infer<typeof ZLedgerEntry>[];
  paidCents: number;
  /** What is still owed by the ledger (never below 0). */
  balanceCents: number;
  voided: boolean;
  /** The event that set the current due date (issuing it, or the last change that moved it). */
  dueDateSetBy: string;
  /** The event that first made the invoice paid in full (a payment reaching the total, or completed by hand). */
  paidBy: string | null;
  /** The last event folded in (when the invoice last changed). */
  updatedAt: string;
}

export const invoiceStreamOf = (invoiceId: number) => `invoice-${invoiceId}`;

const paidState = (state: InvoiceNow, eventId: string, status: PaymentStatus, paidAt: string | null) => ({
  ...state,
  status,
  paidAt,
  paidBy: state.paidBy ?? (status === 'completed' ? eventId : null),
});

function evolve(state: InvoiceNow | null, stored: StoredEvent): InvoiceNow | null {
  const e = stored as unknown as TInvoiceEvent;
  if (e.type === 'InvoiceIssued')
    return {
      invoiceId: e.data.invoiceId,
      invoiceNumber: e.data.invoiceNumber,
      projectId: e.data.projectId,
      clientId: e.data.clientId,
      description: e.data.description,
      amountCents: e.data.amountCents,
      invoiceDate: e.data.invoiceDate,
      dueDate: e.data.dueDate,
      kind: e.data.kind,
      issuedAt: e.data.issuedAt,
      status: 'pending',
      paidAt: null,
      payments: [],
      paidCents: 0,
      balanceCents: e.data.amountCents,
      voided: false,
      dueDateSetBy: stored.id,
      paidBy: null,
      updatedAt: e.data.issuedAt,
    };
  if (!state) return state;
  switch (e.type) {
    case 'InvoiceDueDateChanged':
      return e.data.dueDate === state.dueDate
        ? { ...state, updatedAt: e.data.changedAt }
        : { ...state, dueDate: e.data.dueDate, dueDateSetBy: stored.id, updatedAt: e.data.changedAt };
    case 'InvoicePaymentRecorded': {
      const { invoiceId: _, amountCents, recordedBy: __, recordedAt, ...entry } = e.data;
      // A payment named twice is one payment (a Stripe webhook delivered again).
      if (state.payments.some((p) => p.paymentId === entry.paymentId)) return state;
      const paidCents = state.paidCents + amountCents;
      const next = {
        ...state,
        payments: [...state.payments, { ...entry, amountCents }],
        paidCents,
        balanceCents: Math.max(0, state.amountCents - paidCents),
        updatedAt: recordedAt,
      };
      return paidCents >= state.amountCents ? paidState(next, stored.id, 'completed', e.data.paidAt) : next;
    }
    case 'InvoiceStatusChanged':
      return paidState({ ...state, updatedAt: e.data.changedAt }, stored.id, e.data.status, e.data.paidAt);
    case 'InvoiceVoided':
      return { ...state, voided: true, updatedAt: e.data.voidedAt };
    case 'InvoicePaymentFailed':
      return state.status === 'pending' ? { ...state, status: 'failed' } : state;
    case 'InvoiceNumberTaken':
    case 'InvoicePaymentMethodChanged':
    case 'InvoicePaymentIntentCreated':
      return state;
    default: {
      const unhandled: never = e;
      void unhandled;
      return state;
    }
  }
}

/** Folds an invoice's stream; null for an empty one. */
export function invoiceNow(events: readonly StoredEvent[]): InvoiceNow | null {
  return events.reduce<InvoiceNow | null>(evolve, null);
}
