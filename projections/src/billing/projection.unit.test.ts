import type { TBillingPlanEvent } from '@app/contracts/events/billing';
import { describe, expect, it } from 'vitest';
import { type BillingPlanRow, evolveBillingPlan } from './projection.ts';

const at = '2026-11-26T20:00:00.000Z';
const events: TBillingPlanEvent[] = [
  {
    type: 'BillingPlanStarted',
    data: {
      planId: 3,
      clientId: 7,
      projectId: 9,
      service: 'website_hosting',
      description: 'Hosting',
      amountCents: 2_000,
      interval: 'monthly',
      firstBillingDay: '2027-01-31',
      startedBy: 1,
      startedAt: at,
    },
  },
  {
    type: 'BillingPeriodInvoiced',
    data: { planId: 3, period: '2027-01', billingDate: '2027-01-31', invoiceId: 40 },
  },
  {
    type: 'BillingPlanChanged',
    data: {
      planId: 3,
      service: 'website_hosting',
      description: 'Hosting+',
      amountCents: 2_500,
      changedBy: 1,
      changedAt: at,
    },
  },
];
const fold = (list: TBillingPlanEvent[]) =>
  list.reduce<BillingPlanRow | null>((row, e) => evolveBillingPlan(row, e) ?? row, null);

describe('billing plans view', () => {
  it('keeps the terms, the last period and the next billing day (the month’s last day for the 31st)', () => {
    expect(fold(events)).toMatchObject({
      id: 3,
      description: 'Hosting+',
      amount_cents: 2_500,
      status: 'active',
      invoiced: ['2027-01'],
      last_period: '2027-01',
      last_invoice_id: 40,
      next_billing_date: '2027-02-28',
    });
  });

  it('has no next billing day once stopped, and ignores events of a plan it never saw start', () => {
    const stopped = fold([
      ...events,
      { type: 'BillingPlanStopped', data: { planId: 3, stoppedBy: 1, stoppedAt: at } },
    ]);
    expect(stopped).toMatchObject({ status: 'stopped', next_billing_date: null });
    expect(evolveBillingPlan(null, events[1]!)).toBeUndefined();
  });
});
