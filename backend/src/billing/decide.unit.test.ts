import {
  billingDateOf,
  billingToday,
  duePeriods,
  nextBillingDate,
  periodDescription,
} from '@app/contracts/billing/rules';
import type { TBillingClientEvent, TBillingPlanEvent } from '@app/contracts/events/billing';
import { describe, expect, it } from 'vitest';
import {
  changePlan,
  chargeFailed,
  clientBillingDecider,
  invoicePeriod,
  periodsToInvoice,
  planDecider,
  saveCard,
  startPlan,
  stopPlan,
} from './decide.ts';

const at = '2026-11-26T20:00:00.000Z';
const started: TBillingPlanEvent = {
  type: 'BillingPlanStarted',
  data: {
    planId: 4,
    clientId: 7,
    projectId: 9,
    service: 'starlink',
    description: 'Starlink service',
    amountCents: 12_500,
    interval: 'monthly',
    firstBillingDay: '2026-12-31',
    startedBy: 1,
    startedAt: at,
  },
};
const given = (events: TBillingPlanEvent[]) => events.reduce(planDecider.evolve, planDecider.initial);
const invoiced = (period: string, billingDate: string, invoiceId: number): TBillingPlanEvent => ({
  type: 'BillingPeriodInvoiced',
  data: { planId: 4, period, billingDate, invoiceId },
});

describe('billing schedule (contracts/src/billing/rules.ts)', () => {
  it('bills a plan started on the 31st on each shorter month’s last day, and February 29th on the 28th', () => {
    const plan = { interval: 'monthly' as const, firstBillingDay: '2026-12-31' };
    expect([0, 1, 2, 3, 4].map((i) => billingDateOf(plan, i))).toEqual([
      '2026-12-31',
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
    ]);
    const leap = { interval: 'yearly' as const, firstBillingDay: '2028-02-29' };
    expect([0, 1, 4].map((i) => billingDateOf(leap, i))).toEqual(['2028-02-29', '2029-02-28', '2032-02-29']);
  });

  it('lists the periods due up to a day, none once stopped, and the next billing day', () => {
    const plan = { interval: 'monthly' as const, firstBillingDay: '2026-11-15', status: 'active' as const };
    expect(duePeriods(plan, '2026-11-14')).toEqual([]);
    expect(duePeriods(plan, '2027-01-15')).toEqual([
      { period: '2026-11', billingDate: '2026-11-15' },
      { period: '2026-12', billingDate: '2026-12-15' },
      { period: '2027-01', billingDate: '2027-01-15' },
    ]);
    expect(duePeriods({ ...plan, status: 'stopped' }, '2027-01-15')).toEqual([]);
    expect(nextBillingDate(plan, new Set(['2026-11']))).toBe('2026-12-15');
    expect(nextBillingDate({ ...plan, status: 'stopped' }, new Set())).toBeNull();
    const yearly = { interval: 'yearly' as const, firstBillingDay: '2026-12-01', status: 'active' as const };
    expect(duePeriods(yearly, '2027-12-01').map((p) => p.period)).toEqual(['2026', '2027']);
  });

  it('takes the day in Alaska, not UTC', () => {
    expect(billingToday(new Date('2026-12-01T05:00:00Z'))).toBe('2026-11-30');
  });

  it('names the period in the invoice’s description', () => {
    expect(periodDescription('Starlink service', 'monthly', '2026-12')).toBe(
      'Starlink service (December 2026)',
    );
    expect(periodDescription('Hosting', 'yearly', '2027')).toBe('Hosting (2027)');
  });
});

describe('billing plan decisions', () => {
  const command = {
    planId: 4,
    clientId: 7,
    projectId: 9,
    project: { id: 9, clientId: 7 },
    service: 'starlink' as const,
    description: ' Starlink service ',
    amountCents: 12_500,
    interval: 'monthly' as const,
    firstBillingDay: '2026-12-31',
    today: '2026-11-26',
    by: 1,
    at,
  };

  it('starts a plan for a project of the client', () => {
    expect(startPlan(given([]), command)).toEqual([started]);
  });

  it('refuses a project of another client, a missing one, a second start and a zero amount', () => {
    expect(() => startPlan(given([]), { ...command, project: { id: 9, clientId: 8 } })).toThrow(
      "The project must be one of the client's projects",
    );
    expect(() => startPlan(given([]), { ...command, project: undefined })).toThrow(/client's projects/);
    expect(() => startPlan(given([started]), command)).toThrow('already exists');
    expect(() => startPlan(given([]), { ...command, amountCents: 0 })).toThrow('positive');
    expect(() => startPlan(given([]), { ...command, firstBillingDay: '2026-11-25' })).toThrow(
      'The first billing day cannot be in the past',
    );
    expect(startPlan(given([]), { ...command, firstBillingDay: '2026-11-26' })).toHaveLength(1);
  });

  it('changes the terms, and nothing when they are the same', () => {
    expect(changePlan(given([started]), { amountCents: 15_000, by: 2, at })).toEqual([
      {
        type: 'BillingPlanChanged',
        data: {
          planId: 4,
          service: 'starlink',
          description: 'Starlink service',
          amountCents: 15_000,
          changedBy: 2,
          changedAt: at,
        },
      },
    ]);
    expect(changePlan(given([started]), { amountCents: 12_500, by: 2, at })).toEqual([]);
    expect(() => changePlan(given([]), { amountCents: 1, by: 2, at })).toThrow('Billing plan not found');
  });

  it('stops once; a stopped plan is not changed and owes nothing', () => {
    const stopped: TBillingPlanEvent = {
      type: 'BillingPlanStopped',
      data: { planId: 4, stoppedBy: 1, stoppedAt: at },
    };
    expect(stopPlan(given([started]), { by: 1, at })).toEqual([stopped]);
    expect(stopPlan(given([started, stopped]), { by: 1, at })).toEqual([]);
    expect(() => changePlan(given([started, stopped]), { amountCents: 1, by: 1, at })).toThrow('stopped');
    expect(periodsToInvoice(given([started, stopped]), '2027-06-01')).toEqual([]);
  });

  it('invoices each due period once', () => {
    const state = given([started]);
    expect(periodsToInvoice(state, '2026-12-30')).toEqual([]);
    expect(periodsToInvoice(state, '2027-01-31').map((p) => p.period)).toEqual(['2026-12', '2027-01']);
    const first = { period: '2026-12', billingDate: '2026-12-31', invoiceId: 50, today: '2027-01-31' };
    expect(invoicePeriod(state, first)).toEqual([invoiced('2026-12', '2026-12-31', 50)]);
    const after = given([started, invoiced('2026-12', '2026-12-31', 50)]);
    expect(() => invoicePeriod(after, first)).toThrow('invoiced already');
    expect(periodsToInvoice(after, '2027-01-31').map((p) => p.period)).toEqual(['2027-01']);
    expect(() =>
      invoicePeriod(state, {
        period: '2027-02',
        billingDate: '2027-02-28',
        invoiceId: 51,
        today: '2027-01-31',
      }),
    ).toThrow('not due');
  });
});

describe('a client’s automatic payment', () => {
  const givenClient = (events: TBillingClientEvent[]) =>
    events.reduce(clientBillingDecider.evolve, clientBillingDecider.initial);

  it('records a saved card once, and each declined charge once', () => {
    const saved = saveCard(givenClient([]), { clientId: 7, brand: 'visa', last4: '4242', at });
    expect(saved).toEqual([
      { type: 'ClientCardSaved', data: { clientId: 7, brand: 'visa', last4: '4242', savedAt: at } },
    ]);
    expect(saveCard(givenClient(saved), { clientId: 7, brand: 'visa', last4: '4242', at })).toEqual([]);
    const failed = chargeFailed(givenClient(saved), {
      clientId: 7,
      invoiceId: 50,
      intentId: 'pi_1',
      message: 'Your card was declined.',
      at,
    });
    expect(failed).toHaveLength(1);
    expect(
      chargeFailed(givenClient([...saved, ...failed]), {
        clientId: 7,
        invoiceId: 50,
        intentId: 'pi_1',
        message: 'x',
        at,
      }),
    ).toEqual([]);
  });
});
