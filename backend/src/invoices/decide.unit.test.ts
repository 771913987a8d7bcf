import {
  CUSTOM_METHOD_REQUIRED,
  DELETE_REASON_REQUIRED,
  DUE_BEFORE_INVOICE,
  INVOICE_NOT_FOUND,
  OVERPAYMENT,
} from '@app/contracts/api/invoices';
import { encodeEvent } from '@app/contracts/events/domain';
import type { TInvoiceEvent } from '@app/contracts/events/invoices';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../platform/errors.ts';
import {
  BY_HAND_METHOD,
  changeDueDate,
  changePaymentMethod,
  counterDecider,
  type InvoiceState,
  type IssueFields,
  invoiceDecider,
  issueInvoice,
  type PaymentReceived,
  PROJECT_NOT_FOUND,
  recordPayment,
  recordPaymentFailure,
  recordPaymentIntent,
  setStatus,
  takeNumber,
  voidInvoice,
} from './decide.ts';

const at = '2026-11-20T19:00:00.000Z';
const later = '2026-11-21T19:00:00.000Z';
const fields: IssueFields = {
  description: ' Cabin cameras ',
  amountCents: 10_000,
  invoiceDate: '2026-11-20',
  dueDate: '2026-12-20',
  kind: 'full',
  estimateId: null,
  billingPlanId: null,
  paymentMethod: 'check',
  customMethod: null,
};
const project = { id: 7, clientId: 3 };

/** Given these events, the state they fold to; each is checked against its stored schema. */
const given = (events: TInvoiceEvent[]): InvoiceState =>
  events.reduce((s, e) => {
    encodeEvent(e.type, e.data);
    return invoiceDecider.evolve(s, e);
  }, invoiceDecider.initial);

const issued = (over: Partial<IssueFields> = {}) =>
  issueInvoice(invoiceDecider.initial, {
    invoiceId: 1,
    invoiceNumber: 'INV-202611-001',
    projectId: 7,
    project,
    fields: { ...fields, ...over },
    by: 9,
    at,
  });

const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (err) {
    if (err instanceof DomainError) return { status: err.status, message: err.message };
    throw err;
  }
  throw new Error('not refused');
};

const payment = (over: Partial<PaymentReceived> = {}): PaymentReceived => ({
  paymentId: 'offline-1',
  amountCents: null,
  method: 'cash',
  customMethod: null,
  transactionId: null,
  source: 'offline',
  paidAt: later,
  ...over,
});

describe('issuing an invoice', () => {
  it("bills the project's client, in cents, trimmed", () => {
    expect(issued()).toEqual([
      {
        type: 'InvoiceIssued',
        data: {
          invoiceId: 1,
          invoiceNumber: 'INV-202611-001',
          projectId: 7,
          clientId: 3,
          description: 'Cabin cameras',
          amountCents: 10_000,
          currency: 'usd',
          invoiceDate: '2026-11-20',
          dueDate: '2026-12-20',
          kind: 'full',
          estimateId: null,
          billingPlanId: null,
          paymentMethod: 'check',
          customMethod: null,
          issuedBy: 9,
          issuedAt: at,
        },
      },
    ]);
  });

  it('refuses a missing project, a due date before the invoice date, no amount, custom without text', () => {
    const issue = (project: { id: number; clientId: number } | undefined, over: Partial<IssueFields> = {}) =>
      refusal(() =>
        issueInvoice(invoiceDecider.initial, {
          invoiceId: 1,
          invoiceNumber: 'INV-202611-001',
          projectId: 7,
          project,
          fields: { ...fields, ...over },
          by: 9,
          at,
        }),
      );
    expect(issue(undefined)).toEqual({ status: 400, message: PROJECT_NOT_FOUND });
    expect(issue(project, { dueDate: '2026-11-19' })).toEqual({ status: 400, message: DUE_BEFORE_INVOICE });
    expect(issue(project, { amountCents: 0 }).status).toBe(400);
    expect(issue(project, { amountCents: 10.5 }).status).toBe(400);
    expect(issue(project, { paymentMethod: 'custom', customMethod: ' ' })).toEqual({
      status: 400,
      message: CUSTOM_METHOD_REQUIRED,
    });
    expect(refusal(() => issueInvoice(given(issued()), { ...baseIssue() })).status).toBe(409);
  });
});

const baseIssue = () => ({
  invoiceId: 1,
  invoiceNumber: 'INV-202611-001',
  projectId: 7,
  project,
  fields,
  by: 9,
  at,
});

describe('the month counter', () => {
  it('hands out the next sequence, never one taken', () => {
    const state = counterDecider.evolve(counterDecider.initial, {
      type: 'InvoiceNumberTaken',
      data: { month: '202611', sequence: 1, invoiceId: 1 },
    });
    expect(takeNumber(state, { month: '202611', sequence: 2, invoiceId: 2 })).toEqual([
      { type: 'InvoiceNumberTaken', data: { month: '202611', sequence: 2, invoiceId: 2 } },
    ]);
    expect(refusal(() => takeNumber(state, { month: '202611', sequence: 1, invoiceId: 2 })).status).toBe(409);
  });
});

describe('due date and method', () => {
  it('moves the due date, not before the invoice date; the same date is nothing', () => {
    const state = given(issued());
    expect(changeDueDate(state, { dueDate: '2027-01-05', by: 9, at: later })).toEqual([
      {
        type: 'InvoiceDueDateChanged',
        data: { invoiceId: 1, dueDate: '2027-01-05', changedBy: 9, changedAt: later },
      },
    ]);
    expect(changeDueDate(state, { dueDate: '2026-12-20', by: 9, at: later })).toEqual([]);
    expect(refusal(() => changeDueDate(state, { dueDate: '2026-11-01', by: 9, at: later }))).toEqual({
      status: 400,
      message: DUE_BEFORE_INVOICE,
    });
    expect(
      refusal(() => changeDueDate(invoiceDecider.initial, { dueDate: '2027-01-05', by: 9, at })),
    ).toEqual({
      status: 404,
      message: INVOICE_NOT_FOUND,
    });
  });

  it('changes the method; custom needs its text', () => {
    const state = given(issued());
    expect(
      changePaymentMethod(state, { paymentMethod: 'custom', customMethod: ' Barter ', by: 9, at: later }),
    ).toEqual([
      {
        type: 'InvoicePaymentMethodChanged',
        data: {
          invoiceId: 1,
          paymentMethod: 'custom',
          customMethod: 'Barter',
          changedBy: 9,
          changedAt: later,
        },
      },
    ]);
    expect(
      refusal(() => changePaymentMethod(state, { paymentMethod: 'custom', customMethod: null, by: 9, at })),
    ).toEqual({ status: 400, message: CUSTOM_METHOD_REQUIRED });
    expect(changePaymentMethod(state, { paymentMethod: 'check', customMethod: null, by: 9, at })).toEqual([]);
  });
});

describe('payments on the ledger', () => {
  it('records a part, then the rest, which completes the invoice at its time', () => {
    const first = recordPayment(given(issued()), {
      payment: payment({ amountCents: 3000 }),
      by: 9,
      at: later,
    });
    expect(first).toEqual([
      {
        type: 'InvoicePaymentRecorded',
        data: {
          invoiceId: 1,
          paymentId: 'offline-1',
          amountCents: 3000,
          method: 'cash',
          customMethod: null,
          transactionId: null,
          source: 'offline',
          paidAt: later,
          recordedBy: 9,
          recordedAt: later,
        },
      },
    ]);
    const rest = recordPayment(given([...issued(), ...first]), {
      payment: payment({ paymentId: 'offline-2' }),
      by: 9,
      at: later,
    });
    expect(rest.map((e) => e.type)).toEqual(['InvoicePaymentRecorded', 'InvoiceStatusChanged']);
    expect(rest[0]!.data).toMatchObject({ amountCents: 7000 });
    expect(rest[1]!.data).toMatchObject({ status: 'completed', paidAt: later });
  });

  it('refuses more than the balance, and anything once paid; the same payment id twice is nothing', () => {
    const paid = [...issued(), ...recordPayment(given(issued()), { payment: payment(), by: null, at })];
    expect(
      refusal(() => recordPayment(given(issued()), { payment: payment({ amountCents: 10_001 }), by: 9, at })),
    ).toEqual({ status: 400, message: OVERPAYMENT });
    expect(
      refusal(() => recordPayment(given(paid), { payment: payment({ paymentId: 'x' }), by: 9, at })),
    ).toEqual({ status: 400, message: OVERPAYMENT });
    expect(recordPayment(given(paid), { payment: payment(), by: null, at })).toEqual([]);
  });
});

describe('status by hand', () => {
  const hand = (state: InvoiceState, status: 'pending' | 'completed' | 'failed', over = {}) =>
    setStatus(state, {
      status,
      paidAt: null,
      reason: null,
      paymentId: 'offline-h',
      by: 9,
      at: later,
      ...over,
    });

  it('completing records the balance with the invoice method and sets paidAt (now when not given)', () => {
    const events = hand(given(issued()), 'completed');
    expect(events.map((e) => e.type)).toEqual(['InvoicePaymentRecorded', 'InvoiceStatusChanged']);
    expect(events[0]!.data).toMatchObject({ amountCents: 10_000, method: 'check', source: 'offline' });
    expect(events[1]!.data).toMatchObject({ status: 'completed', paidAt: later, changedBy: 9 });
    const noMethod = hand(given(issued({ paymentMethod: null })), 'completed');
    expect(noMethod[0]!.data).toMatchObject({ method: 'custom', customMethod: BY_HAND_METHOD });
  });

  it('un-completing clears paidAt with the reason; the same status is nothing', () => {
    const done = [...issued(), ...hand(given(issued()), 'completed')];
    expect(hand(given(done), 'completed')).toEqual([]);
    expect(hand(given(done), 'pending', { reason: ' Bounced ' })).toEqual([
      {
        type: 'InvoiceStatusChanged',
        data: {
          invoiceId: 1,
          status: 'pending',
          paidAt: null,
          changedBy: 9,
          changedAt: later,
          reason: 'Bounced',
        },
      },
    ]);
    expect(hand(given(issued()), 'pending')).toEqual([]);
    expect(refusal(() => hand(invoiceDecider.initial, 'failed')).status).toBe(404);
  });
});

describe('deleting', () => {
  it('voids an unpaid invoice with who; a paid one needs a reason', () => {
    expect(voidInvoice(given(issued()), { reason: null, by: 9, at: later })).toEqual([
      {
        type: 'InvoiceVoided',
        data: { invoiceId: 1, reason: 'Deleted by staff', voidedBy: 9, voidedAt: later, paidCents: 0 },
      },
    ]);
    const paid = given([...issued(), ...recordPayment(given(issued()), { payment: payment(), by: 9, at })]);
    expect(refusal(() => voidInvoice(paid, { reason: ' ', by: 9, at: later }))).toEqual({
      status: 400,
      message: DELETE_REASON_REQUIRED,
    });
    expect(voidInvoice(paid, { reason: 'Billed twice', by: 9, at: later })[0]!.data).toMatchObject({
      reason: 'Billed twice',
      paidCents: 10_000,
    });
    const voided = given([...issued(), ...voidInvoice(given(issued()), { reason: null, by: 9, at })]);
    expect(refusal(() => voidInvoice(voided, { reason: 'x', by: 9, at })).status).toBe(404);
  });
});

describe('card payments (for the Stripe slice)', () => {
  it('records an intent once, refuses one over the balance; a failure marks a pending invoice failed', () => {
    const intent = { intentId: 'pi_1', amountCents: 5000, hostedInvoiceId: null, hostedInvoiceUrl: null, at };
    const started = recordPaymentIntent(given(issued()), intent);
    expect(started.map((e) => e.type)).toEqual(['InvoicePaymentIntentCreated']);
    expect(recordPaymentIntent(given([...issued(), ...started]), intent)).toEqual([]);
    expect(
      refusal(() =>
        recordPaymentIntent(given(issued()), { ...intent, intentId: 'pi_2', amountCents: 10_001 }),
      ),
    ).toEqual({ status: 400, message: OVERPAYMENT });
    const failed = recordPaymentFailure(given(issued()), { intentId: 'pi_1', message: 'Card declined', at });
    expect(failed[0]!.data).toMatchObject({ message: 'Card declined' });
    const state = given([...issued(), ...failed]);
    expect(state.lifecycle === 'active' && state.status).toBe('failed');
  });
});
