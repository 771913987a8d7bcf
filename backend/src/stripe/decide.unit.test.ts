import type { StoredEvent } from '@app/contracts/events/envelope';
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import {
  keptStripeEvent,
  NOT_OURS,
  payableInvoice,
  succeededPayment,
  summarizeStripeEvent,
} from './decide.ts';

let revision = 0n;
const stored = (type: string, data: Record<string, unknown>) =>
  ({ type, data, id: `e${revision}`, revision: revision++ }) as unknown as StoredEvent;

const issued = stored('InvoiceIssued', {
  invoiceId: 7,
  invoiceNumber: 'INV-202611-001',
  projectId: 3,
  clientId: 5,
  description: 'Cameras',
  amountCents: 100_000,
  currency: 'usd',
  invoiceDate: '2026-11-26',
  dueDate: '2026-12-26',
  kind: 'full',
  estimateId: null,
  billingPlanId: null,
  paymentMethod: null,
  customMethod: null,
  issuedBy: 1,
  issuedAt: '2026-11-26T10:00:00.000Z',
});
const intent = (intentId: string, amountCents: number) =>
  stored('InvoicePaymentIntentCreated', {
    invoiceId: 7,
    intentId,
    amountCents,
    hostedInvoiceId: null,
    hostedInvoiceUrl: null,
    createdAt: '2026-11-26T10:01:00.000Z',
  });
const paid = (paymentId: string, amountCents: number) =>
  stored('InvoicePaymentRecorded', { invoiceId: 7, paymentId, amountCents });

describe('payableInvoice', () => {
  it('is null before the invoice is issued', () => {
    expect(payableInvoice([])).toBeNull();
  });

  it('sums what was paid and follows each intent', () => {
    const invoice = payableInvoice([
      issued,
      intent('pi_1', 30_000),
      paid('stripe-pi_1', 30_000),
      intent('pi_2', 70_000),
    ]);
    expect(invoice).toMatchObject({
      invoiceId: 7,
      clientId: 5,
      projectId: 3,
      amountCents: 100_000,
      paidCents: 30_000,
    });
    expect(invoice!.intents).toEqual([
      { intentId: 'pi_1', amountCents: 30_000, paid: true, failed: false },
      { intentId: 'pi_2', amountCents: 70_000, paid: false, failed: false },
    ]);
  });

  it('knows a deleted invoice', () => {
    expect(payableInvoice([issued, stored('InvoiceVoided', { invoiceId: 7 })])!.voided).toBe(true);
  });
});

describe('succeededPayment', () => {
  const open = payableInvoice([issued, intent('pi_1', 40_000)]);
  const made = (amountCents: number, invoiceId = 7) => ({ invoiceId, amountCents });

  it('records a succeeded intent as stripe-<intent> for what was received', () => {
    expect(
      succeededPayment(made(40_000), open, { intentId: 'pi_1', amountCents: 40_000, currency: 'usd' }),
    ).toEqual({
      record: true,
      invoiceId: 7,
      paymentId: 'stripe-pi_1',
      amountCents: 40_000,
    });
  });

  it('records an intent a crash left unrecorded on the invoice (its row was kept first), within the balance', () => {
    expect(
      succeededPayment(made(100_000), open, { intentId: 'pi_9', amountCents: 100_000, currency: 'USD' })
        .record,
    ).toBe(true);
  });

  it('records nothing of an intent this app never made, whatever invoice its metadata names: a person looks', () => {
    expect(succeededPayment(null, open, { intentId: 'pi_x', amountCents: 40_000, currency: 'usd' })).toEqual({
      record: false,
      reason: NOT_OURS,
      review: true,
    });
  });

  it('records nothing twice', () => {
    const after = payableInvoice([issued, intent('pi_1', 40_000), paid('stripe-pi_1', 40_000)]);
    expect(
      succeededPayment(made(40_000), after, { intentId: 'pi_1', amountCents: 40_000, currency: 'usd' }),
    ).toEqual({
      record: false,
      reason: 'already recorded',
    });
  });

  it('refuses another currency, another amount than the intent, more than owed, a deleted invoice or none', () => {
    const reason = (d: ReturnType<typeof succeededPayment>) => (d.record ? 'recorded' : d.reason);
    expect(
      reason(
        succeededPayment(made(40_000), open, { intentId: 'pi_1', amountCents: 40_000, currency: 'eur' }),
      ),
    ).toMatch(/^currency mismatch/);
    expect(
      reason(
        succeededPayment(made(40_000), open, { intentId: 'pi_1', amountCents: 39_999, currency: 'usd' }),
      ),
    ).toBe('amount mismatch: 39999 cents received, the intent was for 40000');
    expect(
      reason(
        succeededPayment(made(100_001), open, { intentId: 'pi_9', amountCents: 100_001, currency: 'usd' }),
      ),
    ).toBe('amount mismatch: 100001 cents received, 100000 owed');
    const voided = payableInvoice([
      issued,
      intent('pi_1', 40_000),
      stored('InvoiceVoided', { invoiceId: 7 }),
    ]);
    expect(
      reason(
        succeededPayment(made(40_000), voided, { intentId: 'pi_1', amountCents: 40_000, currency: 'usd' }),
      ),
    ).toBe('the invoice was deleted');
    expect(
      reason(succeededPayment(made(1), null, { intentId: 'pi_1', amountCents: 1, currency: 'usd' })),
    ).toBe('the invoice it was made for does not exist');
  });
});

describe('keptStripeEvent', () => {
  const event = (object: Record<string, unknown>, over: Record<string, unknown> = {}) =>
    ({
      id: 'evt_1',
      type: 'payment_intent.succeeded',
      created: 1_790_000_000,
      livemode: false,
      data: { object },
      ...over,
    }) as unknown as Stripe.Event;
  const intentOf = (amount: unknown, amount_received: unknown = amount) => ({
    object: 'payment_intent',
    id: 'pi_1',
    amount,
    amount_received,
    currency: 'usd',
    status: 'succeeded',
    metadata: { invoiceId: '12' },
  });
  const outcome = (e: Stripe.Event) => {
    const kept = keptStripeEvent(e, new Date('2026-11-26T12:00:00Z'));
    return 'keep' in kept ? 'kept' : kept.refused;
  };

  it('keeps an intent of a payable number of cents', () => {
    expect(outcome(event(intentOf(4500)))).toBe('kept');
    expect(outcome(event(intentOf(4500, 0), { type: 'payment_intent.payment_failed' }))).toBe('kept');
  });

  it('refuses a negative, zero, fractional or absurd amount, and what cannot be stored', () => {
    for (const amount of [-5000, 0, 12.5, 1e15, '4500', null])
      expect(outcome(event(intentOf(amount)))).toMatch(/^the intent's amount \(/);
    expect(outcome(event(intentOf(4500, -1)))).toMatch(/^the intent's amount received/);
    expect(outcome(event({ ...intentOf(4500), last_payment_error: { message: 'a\u0000b' } }))).toMatch(
      /^the event cannot be kept: failureMessage/,
    );
    expect(outcome(event(intentOf(4500), { created: 'yesterday' }))).toBe(
      'the event does not have the shape of a Stripe event',
    );
    expect(outcome(event(intentOf(4500), { id: undefined }))).toMatch(/^the event cannot be kept: eventId/);
    expect(outcome({ id: 'evt_2', type: 'charge.succeeded', created: 1, livemode: false } as never)).toBe(
      'kept',
    );
  });
});

describe('summarizeStripeEvent', () => {
  const event = (object: Record<string, unknown>, type = 'payment_intent.succeeded') =>
    ({
      id: 'evt_1',
      type,
      created: 1_790_000_000,
      livemode: false,
      data: { object },
    }) as unknown as Stripe.Event;

  it('keeps the intent, our invoice from its metadata, and what was received', () => {
    const data = summarizeStripeEvent(
      event({
        object: 'payment_intent',
        id: 'pi_1',
        amount: 5000,
        amount_received: 4000,
        currency: 'usd',
        status: 'succeeded',
        metadata: { invoiceId: '12' },
        last_payment_error: null,
      }),
      new Date('2026-11-26T12:00:00Z'),
    );
    expect(data).toEqual({
      eventId: 'evt_1',
      type: 'payment_intent.succeeded',
      intentId: 'pi_1',
      invoiceId: 12,
      amountCents: 4000,
      currency: 'usd',
      status: 'succeeded',
      failureMessage: null,
      livemode: false,
      createdAt: new Date(1_790_000_000_000).toISOString(),
      receivedAt: '2026-11-26T12:00:00.000Z',
    });
  });

  it('names no invoice for metadata that is not one of our ids, and no intent for other objects', () => {
    const bad = summarizeStripeEvent(
      event({
        object: 'payment_intent',
        id: 'pi_2',
        amount: 1,
        amount_received: 0,
        currency: 'usd',
        metadata: { invoiceId: '1e3' },
      }),
      new Date(),
    );
    expect(bad.invoiceId).toBeNull();
    expect(bad.amountCents).toBe(1);
    const charge = summarizeStripeEvent(
      event({ object: 'charge', id: 'ch_1' }, 'charge.succeeded'),
      new Date(),
    );
    expect(charge).toMatchObject({ intentId: null, invoiceId: null, amountCents: null });
  });

  it('keeps a SetupIntent by its id and status, with no invoice or money', () => {
    const setup = summarizeStripeEvent(
      event(
        { object: 'setup_intent', id: 'seti_1', status: 'succeeded', customer: 'cus_1', metadata: {} },
        'setup_intent.succeeded',
      ),
      new Date(),
    );
    expect(setup).toMatchObject({
      type: 'setup_intent.succeeded',
      intentId: 'seti_1',
      status: 'succeeded',
      invoiceId: null,
      amountCents: null,
      currency: null,
    });
  });
});
