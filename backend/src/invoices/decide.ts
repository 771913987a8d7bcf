import {
  CUSTOM_METHOD_REQUIRED,
  DELETE_REASON_REQUIRED,
  DUE_BEFORE_INVOICE,
  INVOICE_NOT_FOUND,
  OVERPAYMENT,
} from '@app/contracts/api/invoices';
import type { TInvoiceEvent } from '@app/contracts/events/invoices';
import {
  CURRENCY,
  type InvoiceKind,
  type PaymentMethod,
  type PaymentStatus,
} from '@app/contracts/invoices/rules';
import { conflict, invalid, notFound } from '../platform/errors.ts';
import type { ProjectFacts } from '../projects/facts.ts';

export const invoiceStream = (id: number) => `invoice-${id}`;
/** The month counter that hands out invoice numbers without gaps (`month`: YYYYMM). */
export const invoiceNumbersStream = (month: string) => `invoice-numbers-${month}`;

export const PROJECT_NOT_FOUND = 'Please select a job/project: that project was not found.';
export const NOTHING_OWED = 'Nothing is owed on this invoice.';
/** What a by-hand completion's ledger entry says when the invoice names no method. */
export const BY_HAND_METHOD = 'Marked completed by staff';

type Data<T extends TInvoiceEvent['type']> = Extract<TInvoiceEvent, { type: T }>['data'];

interface Facts {
  id: number;
  invoiceNumber: string;
  projectId: number;
  clientId: number;
  amountCents: number;
  invoiceDate: string;
  dueDate: string;
  kind: InvoiceKind;
  estimateId: number | null;
  paymentMethod: PaymentMethod | null;
  customMethod: string | null;
  status: PaymentStatus;
  paidAt: string | null;
  paidCents: number;
  /** The ledger's payment ids (each recorded once), and the payment intents started. */
  paymentIds: string[];
  intentIds: string[];
}

export type InvoiceState =
  | { lifecycle: 'none' }
  | ({ lifecycle: 'active' } & Facts)
  | ({ lifecycle: 'voided' } & Facts);

export const invoiceDecider = {
  initial: { lifecycle: 'none' } as InvoiceState,
  evolve(state: InvoiceState, event: TInvoiceEvent): InvoiceState {
    if (event.type === 'InvoiceIssued') {
      const d = event.data;
      return {
        lifecycle: 'active',
        id: d.invoiceId,
        invoiceNumber: d.invoiceNumber,
        projectId: d.projectId,
        clientId: d.clientId,
        amountCents: d.amountCents,
        invoiceDate: d.invoiceDate,
        dueDate: d.dueDate,
        kind: d.kind,
        estimateId: d.estimateId,
        paymentMethod: d.paymentMethod,
        customMethod: d.customMethod,
        status: 'pending',
        paidAt: null,
        paidCents: 0,
        paymentIds: [],
        intentIds: [],
      };
    }
    if (state.lifecycle === 'none') return state;
    switch (event.type) {
      case 'InvoiceNumberTaken':
        return state;
      case 'InvoiceDueDateChanged':
        return { ...state, dueDate: event.data.dueDate };
      case 'InvoicePaymentMethodChanged':
        return { ...state, paymentMethod: event.data.paymentMethod, customMethod: event.data.customMethod };
      case 'InvoicePaymentRecorded':
        return {
          ...state,
          paidCents: state.paidCents + event.data.amountCents,
          paymentIds: [...state.paymentIds, event.data.paymentId],
        };
      case 'InvoiceStatusChanged':
        return { ...state, status: event.data.status, paidAt: event.data.paidAt };
      case 'InvoicePaymentIntentCreated':
        return { ...state, intentIds: [...state.intentIds, event.data.intentId] };
      case 'InvoicePaymentFailed':
        return state.status === 'pending' ? { ...state, status: 'failed' } : state;
      case 'InvoiceVoided':
        return { ...state, lifecycle: 'voided' };
      default: {
        const unhandled: never = event;
        return unhandled;
      }
    }
  },
};

/** The month counter: the last sequence handed out (0 before the month's first invoice). */
export interface CounterState {
  lastSequence: number;
}
export const counterDecider = {
  initial: { lastSequence: 0 } as CounterState,
  evolve(state: CounterState, event: TInvoiceEvent): CounterState {
    return event.type === 'InvoiceNumberTaken' ? { lastSequence: event.data.sequence } : state;
  },
};

/** The month's next number goes to `invoiceId`. */
export function takeNumber(
  state: CounterState,
  command: { month: string; sequence: number; invoiceId: number },
): TInvoiceEvent[] {
  if (command.sequence <= state.lastSequence) throw conflict('This invoice number was handed out already.');
  return [
    {
      type: 'InvoiceNumberTaken',
      data: { month: command.month, sequence: command.sequence, invoiceId: command.invoiceId },
    },
  ];
}

function active(state: InvoiceState) {
  if (state.lifecycle !== 'active') throw notFound(INVOICE_NOT_FOUND);
  return state;
}

function checkMethod(method: PaymentMethod | null, customMethod: string | null) {
  if (method === 'custom' && (customMethod ?? '').trim().length === 0)
    throw invalid(CUSTOM_METHOD_REQUIRED, 'custom_method_required');
  return method === 'custom' ? customMethod!.trim() : null;
}

export interface IssueFields {
  description: string;
  amountCents: number;
  invoiceDate: string;
  dueDate: string;
  kind: InvoiceKind;
  estimateId: number | null;
  billingPlanId: number | null;
  paymentMethod: PaymentMethod | null;
  customMethod: string | null;
}

/**
 * Issues invoice `invoiceId` numbered `invoiceNumber` for project `projectId` (`project`: as its own stream
 * has it, undefined when there is none or it was deleted), billed to the project's client.
 */
export function issueInvoice(
  state: InvoiceState,
  command: {
    invoiceId: number;
    invoiceNumber: string;
    projectId: number;
    project: ProjectFacts | undefined;
    fields: IssueFields;
    by: number;
    at: string;
  },
): TInvoiceEvent[] {
  if (state.lifecycle !== 'none') throw conflict('This invoice already exists.');
  const { project, fields } = command;
  if (project?.id !== command.projectId) throw invalid(PROJECT_NOT_FOUND, 'project_not_found');
  if (!Number.isInteger(fields.amountCents) || fields.amountCents <= 0)
    throw invalid('Amount must be a positive number', 'amount_positive');
  if (fields.dueDate < fields.invoiceDate) throw invalid(DUE_BEFORE_INVOICE, 'due_before_invoice');
  const description = fields.description.trim();
  if (description.length === 0) throw invalid('Description is required', 'description_required');
  const customMethod = checkMethod(fields.paymentMethod, fields.customMethod);
  return [
    {
      type: 'InvoiceIssued',
      data: {
        invoiceId: command.invoiceId,
        invoiceNumber: command.invoiceNumber,
        projectId: project.id,
        clientId: project.clientId,
        description,
        amountCents: fields.amountCents,
        currency: CURRENCY,
        invoiceDate: fields.invoiceDate,
        dueDate: fields.dueDate,
        kind: fields.kind,
        estimateId: fields.estimateId,
        billingPlanId: fields.billingPlanId,
        paymentMethod: fields.paymentMethod,
        customMethod,
        issuedBy: command.by,
        issuedAt: command.at,
      },
    },
  ];
}

/** PATCH due-date: never before the invoice's date. */
export function changeDueDate(
  state: InvoiceState,
  command: { dueDate: string; by: number; at: string },
): TInvoiceEvent[] {
  const invoice = active(state);
  if (command.dueDate < invoice.invoiceDate) throw invalid(DUE_BEFORE_INVOICE, 'due_before_invoice');
  if (command.dueDate === invoice.dueDate) return [];
  return [
    {
      type: 'InvoiceDueDateChanged',
      data: { invoiceId: invoice.id, dueDate: command.dueDate, changedBy: command.by, changedAt: command.at },
    },
  ];
}

export function changePaymentMethod(
  state: InvoiceState,
  command: { paymentMethod: PaymentMethod; customMethod: string | null; by: number; at: string },
): TInvoiceEvent[] {
  const invoice = active(state);
  const customMethod = checkMethod(command.paymentMethod, command.customMethod);
  if (invoice.paymentMethod === command.paymentMethod && invoice.customMethod === customMethod) return [];
  return [
    {
      type: 'InvoicePaymentMethodChanged',
      data: {
        invoiceId: invoice.id,
        paymentMethod: command.paymentMethod,
        customMethod,
        changedBy: command.by,
        changedAt: command.at,
      },
    },
  ];
}

export interface PaymentReceived {
  paymentId: string;
  /** Null: the whole balance. */
  amountCents: number | null;
  method: PaymentMethod;
  customMethod: string | null;
  transactionId: string | null;
  source: 'offline' | 'stripe';
  paidAt: string;
}

/** The ledger entry (and completion, when it pays the balance off) of money received. */
function received(invoice: Facts, payment: PaymentReceived, by: number | null, at: string): TInvoiceEvent[] {
  const balance = invoice.amountCents - invoice.paidCents;
  const amountCents = payment.amountCents ?? balance;
  if (balance <= 0 || amountCents > balance) throw invalid(OVERPAYMENT, 'overpayment');
  const events: TInvoiceEvent[] = [
    {
      type: 'InvoicePaymentRecorded',
      data: {
        invoiceId: invoice.id,
        paymentId: payment.paymentId,
        amountCents,
        method: payment.method,
        customMethod: checkMethod(payment.method, payment.customMethod),
        transactionId: payment.transactionId,
        source: payment.source,
        paidAt: payment.paidAt,
        recordedBy: by,
        recordedAt: at,
      },
    },
  ];
  if (amountCents === balance && invoice.status !== 'completed')
    events.push({
      type: 'InvoiceStatusChanged',
      data: {
        invoiceId: invoice.id,
        status: 'completed',
        paidAt: payment.paidAt,
        changedBy: by,
        changedAt: at,
        reason: null,
      },
    });
  return events;
}

/**
 * Money received for the invoice (offline, confirmed by staff, or a card payment Stripe reported). A payment
 * id already on the ledger records nothing (a webhook delivered twice); more than the balance is refused.
 */
export function recordPayment(
  state: InvoiceState,
  command: { payment: PaymentReceived; by: number | null; at: string },
): TInvoiceEvent[] {
  if (state.lifecycle !== 'none' && state.paymentIds.includes(command.payment.paymentId)) return [];
  return received(active(state), command.payment, command.by, command.at);
}

/**
 * Staff set the status by hand (section 4). Completed sets paidAt (`at` when not given); completing an
 * invoice with a balance records the balance on the ledger with the invoice's method, so the ledger and the
 * status agree. Pending and failed clear paidAt, with the reason given.
 */
export function setStatus(
  state: InvoiceState,
  command: {
    status: PaymentStatus;
    paidAt: string | null;
    reason: string | null;
    /** The ledger entry's id, should completing record the balance. */
    paymentId: string;
    by: number;
    at: string;
  },
): TInvoiceEvent[] {
  const invoice = active(state);
  const reason = command.reason?.trim() || null;
  if (command.status === 'completed') {
    const paidAt = command.paidAt ?? command.at;
    if (invoice.status === 'completed' && (command.paidAt === null || command.paidAt === invoice.paidAt))
      return [];
    const changed: TInvoiceEvent = {
      type: 'InvoiceStatusChanged',
      data: {
        invoiceId: invoice.id,
        status: 'completed',
        paidAt,
        changedBy: command.by,
        changedAt: command.at,
        reason,
      },
    };
    if (invoice.paidCents >= invoice.amountCents) return [changed];
    const method = invoice.paymentMethod ?? 'custom';
    return received(
      invoice,
      {
        paymentId: command.paymentId,
        amountCents: null,
        method,
        customMethod: method === 'custom' ? (invoice.customMethod ?? BY_HAND_METHOD) : null,
        transactionId: null,
        source: 'offline',
        paidAt,
      },
      command.by,
      command.at,
    ).map((e) => (e.type === 'InvoiceStatusChanged' ? changed : e));
  }
  if (invoice.status === command.status) return [];
  return [
    {
      type: 'InvoiceStatusChanged',
      data: {
        invoiceId: invoice.id,
        status: command.status,
        paidAt: null,
        changedBy: command.by,
        changedAt: command.at,
        reason,
      },
    },
  ];
}

/** Deleted: a reason is required once money was received or it was completed (never deleted silently). */
export function voidInvoice(
  state: InvoiceState,
  command: { reason: string | null; by: number; at: string },
): TInvoiceEvent[] {
  const invoice = active(state);
  const reason = command.reason?.trim() ?? '';
  const paid = invoice.paidCents > 0 || invoice.status === 'completed';
  if (paid && reason.length === 0) throw invalid(DELETE_REASON_REQUIRED, 'delete_reason_required');
  return [
    {
      type: 'InvoiceVoided',
      data: {
        invoiceId: invoice.id,
        reason: reason || 'Deleted by staff',
        voidedBy: command.by,
        voidedAt: command.at,
        paidCents: invoice.paidCents,
      },
    },
  ];
}

/** A card payment was started; the same intent twice records it once. */
export function recordPaymentIntent(
  state: InvoiceState,
  command: {
    intentId: string;
    amountCents: number;
    hostedInvoiceId: string | null;
    hostedInvoiceUrl: string | null;
    at: string;
  },
): TInvoiceEvent[] {
  if (state.lifecycle !== 'none' && state.intentIds.includes(command.intentId)) return [];
  const invoice = active(state);
  const balance = invoice.amountCents - invoice.paidCents;
  if (command.amountCents > balance) throw invalid(OVERPAYMENT, 'overpayment');
  return [
    {
      type: 'InvoicePaymentIntentCreated',
      data: {
        invoiceId: invoice.id,
        intentId: command.intentId,
        amountCents: command.amountCents,
        hostedInvoiceId: command.hostedInvoiceId,
        hostedInvoiceUrl: command.hostedInvoiceUrl,
        createdAt: command.at,
      },
    },
  ];
}

/** A card payment was refused: a pending invoice shows as failed until paid. */
export function recordPaymentFailure(
  state: InvoiceState,
  command: { intentId: string; message: string; at: string },
): TInvoiceEvent[] {
  const invoice = active(state);
  return [
    {
      type: 'InvoicePaymentFailed',
      data: {
        invoiceId: invoice.id,
        intentId: command.intentId,
        message: command.message.trim() || 'The card payment failed',
        failedAt: command.at,
      },
    },
  ];
}

export type IssuedData = Data<'InvoiceIssued'>;
