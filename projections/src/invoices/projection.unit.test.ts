import type { TInvoiceEvent } from '@app/contracts/events/invoices';
import { describe, expect, it } from 'vitest';
import { evolvePayment, type PaymentRow } from './projection.ts';

const at = '2026-11-20T19:00:00.000Z';
const issued: TInvoiceEvent = {
  type: 'InvoiceIssued',
  data: {
    invoiceId: 4,
    invoiceNumber: 'INV-202611-004',
    projectId: 7,
    clientId: 3,
    description: 'Cabin cameras',
    amountCents: 10_000,
    currency: 'usd',
    invoiceDate: '2026-11-20',
    dueDate: '2026-12-20',
    kind: 'deposit',
    estimateId: 12,
    billingPlanId: null,
    paymentMethod: null,
    customMethod: null,
    issuedBy: 1,
    issuedAt: at,
  },
};
const paid = (paymentId: string, amountCents: number): TInvoiceEvent => ({
  type: 'InvoicePaymentRecorded',
  data: {
    invoiceId: 4,
    paymentId,
    amountCents,
    method: 'check',
    customMethod: null,
    transactionId: `T-${paymentId}`,
    source: 'offline',
    paidAt: at,
    recordedBy: 1,
    recordedAt: at,
  },
});
const fold = (events: TInvoiceEvent[]) =>
  events.reduce<PaymentRow | null>((row, e) => {
    const next = evolvePayment(row, e);
    return next === undefined ? row : next;
  }, null);

describe('the payments row', () => {
  it('is made pending with nothing paid, and sums its ledger', () => {
    expect(fold([issued])).toMatchObject({
      id: 4,
      invoice_number: 'INV-202611-004',
      amount_cents: 10_000,
      paid_cents: 0,
      status: 'pending',
      kind: 'deposit',
      estimate_id: 12,
      ledger: [],
      voided_at: null,
    });
    const row = fold([issued, paid('a', 3000), paid('b', 7000)]);
    expect(row).toMatchObject({ paid_cents: 10_000, transaction_id: 'T-b' });
    expect(row!.ledger.map((e) => e.amountCents)).toEqual([3000, 7000]);
  });

  it('follows status, due date, method, intents, failures and voiding', () => {
    const row = fold([
      issued,
      {
        type: 'InvoiceDueDateChanged',
        data: { invoiceId: 4, dueDate: '2027-01-05', changedBy: 1, changedAt: at },
      },
      {
        type: 'InvoicePaymentMethodChanged',
        data: { invoiceId: 4, paymentMethod: 'venmo', customMethod: null, changedBy: 1, changedAt: at },
      },
      {
        type: 'InvoicePaymentIntentCreated',
        data: {
          invoiceId: 4,
          intentId: 'pi_1',
          amountCents: 10_000,
          hostedInvoiceId: 'in_1',
          hostedInvoiceUrl: 'https://pay.example/in_1',
          createdAt: at,
        },
      },
      {
        type: 'InvoicePaymentFailed',
        data: { invoiceId: 4, intentId: 'pi_1', message: 'Declined', failedAt: at },
      },
    ]);
    expect(row).toMatchObject({
      due_date: '2027-01-05',
      payment_method: 'venmo',
      payment_intent_id: 'pi_1',
      stripe_invoice_url: 'https://pay.example/in_1',
      status: 'failed',
    });
    const completed = evolvePayment(row, {
      type: 'InvoiceStatusChanged',
      data: { invoiceId: 4, status: 'completed', paidAt: at, changedBy: 1, changedAt: at, reason: null },
    });
    expect(completed).toMatchObject({ status: 'completed', paid_at: at });
    const voided = evolvePayment(completed!, {
      type: 'InvoiceVoided',
      data: { invoiceId: 4, reason: 'Billed twice', voidedBy: 1, voidedAt: at, paidCents: 0 },
    });
    expect(voided).toMatchObject({ voided_at: at, void_reason: 'Billed twice' });
  });

  it('ignores events before the invoice is issued', () => {
    expect(evolvePayment(null, paid('a', 1))).toBeUndefined();
  });
});
