import { nextBillingDate } from '@app/contracts/billing/rules';
import { billingPlanEventSchemas, type TBillingPlanEvent } from '@app/contracts/events/billing';
import { eventTypesOf } from '@app/contracts/events/domain';
import type { StoredEvent } from '@app/contracts/events/envelope';
import { documentProjection } from '../runtime/document-projection.ts';
import type { BillingPlansTable } from './table.ts';

export type BillingPlanRow = Omit<BillingPlansTable, 'last_event_position'>;

const withNext = (row: BillingPlanRow): BillingPlanRow => ({
  ...row,
  next_billing_date: nextBillingDate(
    { interval: row.interval, firstBillingDay: row.first_billing_day, status: row.status },
    new Set(row.invoiced),
  ),
});

/** The row after one plan event (pure). */
export function evolveBillingPlan(row: BillingPlanRow | null, event: TBillingPlanEvent) {
  if (event.type === 'BillingPlanStarted') {
    const d = event.data;
    return withNext({
      id: d.planId,
      client_id: d.clientId,
      project_id: d.projectId,
      service: d.service,
      description: d.description,
      amount_cents: d.amountCents,
      interval: d.interval,
      first_billing_day: d.firstBillingDay,
      status: 'active',
      invoiced: [],
      last_period: null,
      last_invoice_id: null,
      next_billing_date: null,
      created_at: d.startedAt,
    });
  }
  if (!row) return undefined;
  switch (event.type) {
    case 'BillingPlanChanged':
      return {
        ...row,
        service: event.data.service,
        description: event.data.description,
        amount_cents: event.data.amountCents,
      };
    case 'BillingPlanStopped':
      return withNext({ ...row, status: 'stopped' });
    case 'BillingPeriodInvoiced': {
      const invoiced = [...row.invoiced, event.data.period];
      const latest = !row.last_period || event.data.period > row.last_period;
      return withNext({
        ...row,
        invoiced,
        last_period: latest ? event.data.period : row.last_period,
        last_invoice_id: latest ? event.data.invoiceId : row.last_invoice_id,
      });
    }
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

/** Recurring billing plans (the admin's Payments view, and the billing timer's work list). */
export const billingPlansProjection = documentProjection<BillingPlanRow>({
  name: 'billing-plans',
  version: 1,
  syncType: 'payment',
  table: 'billing_plans',
  ddl: (s) => `
    CREATE TABLE ${s}.billing_plans (
      id integer PRIMARY KEY,
      client_id integer NOT NULL,
      project_id integer NOT NULL,
      service text NOT NULL,
      description text NOT NULL,
      amount_cents bigint NOT NULL,
      interval text NOT NULL,
      first_billing_day date NOT NULL,
      status text NOT NULL,
      invoiced jsonb NOT NULL,
      last_period text,
      last_invoice_id integer,
      next_billing_date date,
      created_at timestamptz NOT NULL,
      last_event_position numeric NOT NULL
    );
    CREATE INDEX ON ${s}.billing_plans (next_billing_date) WHERE status = 'active';
    CREATE INDEX ON ${s}.billing_plans (client_id);`,
  eventTypes: eventTypesOf(billingPlanEventSchemas),
  idOf: (e: StoredEvent) => (e.data as { planId: number }).planId,
  evolve: (row, stored) => evolveBillingPlan(row, stored as unknown as TBillingPlanEvent),
});
