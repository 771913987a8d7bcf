import type { BillingInterval, BillingPlanStatus, BillingService } from '@app/contracts/billing/rules';

/** One row per recurring billing plan; client and project names are joined from their views. */
export interface BillingPlansTable {
  id: number;
  client_id: number;
  project_id: number;
  service: BillingService;
  description: string;
  amount_cents: string | number;
  interval: BillingInterval;
  first_billing_day: string;
  status: BillingPlanStatus;
  /** The periods invoiced so far (`2026-12`, `2027`). */
  invoiced: string[];
  last_period: string | null;
  last_invoice_id: number | null;
  /** The first period not invoiced yet (null once stopped): the timer's work list and the admin's column. */
  next_billing_date: string | null;
  created_at: Date | string;
  last_event_position: string;
}
