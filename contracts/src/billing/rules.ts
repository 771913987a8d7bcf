import { utcToLocal } from '../calendar/time-zone.ts';

/**
 * Recurring billing (issue 15.8): a plan per client and project bills a service every month (or year) from its
 * first billing day, issuing one invoice per period; a client who saved a card is charged for it. Days are
 * calendar days in the business time zone (Alaska); money is integer cents.
 */
export const BILLING_SERVICES = ['starlink', 'camera_monitoring', 'website_hosting'] as const;
export type BillingService = (typeof BILLING_SERVICES)[number];
export const BILLING_SERVICE_LABELS: Record<BillingService, string> = {
  starlink: 'Starlink service',
  camera_monitoring: 'Camera monitoring',
  website_hosting: 'Website hosting',
};

export const BILLING_INTERVALS = ['monthly', 'yearly'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

export const BILLING_PLAN_STATUSES = ['active', 'stopped'] as const;
export type BillingPlanStatus = (typeof BILLING_PLAN_STATUSES)[number];

/** What decides when a plan bills. */
export interface BillingSchedule {
  interval: BillingInterval;
  /** YYYY-MM-DD: the first period's billing day; its day of the month is kept (or the month's last day). */
  firstBillingDay: string;
  status: BillingPlanStatus;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The billing day of the plan's `index`-th period (0: the first billing day). A plan started on the 31st bills
 *  on each shorter month's last day; one started on February 29th bills on the 28th in other years. */
export function billingDateOf(
  schedule: Pick<BillingSchedule, 'interval' | 'firstBillingDay'>,
  index: number,
) {
  const [y, m, d] = schedule.firstBillingDay.split('-').map(Number) as [number, number, number];
  const months = schedule.interval === 'monthly' ? index : index * 12;
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  return `${pad(year, 4)}-${pad(month)}-${pad(Math.min(d, daysIn(year, month)))}`;
}

/** The period a billing day stands for: `2026-12` monthly, `2027` yearly. */
export const periodOf = (interval: BillingInterval, billingDate: string) =>
  interval === 'monthly' ? billingDate.slice(0, 7) : billingDate.slice(0, 4);

export interface BillingPeriod {
  period: string;
  billingDate: string;
}

/** More periods than this are never owed at once (a schedule's safety bound, ten years of months). */
const MAX_PERIODS = 120;

/** Every period whose billing day is on or before `today` (YYYY-MM-DD, Alaska), oldest first; none once stopped. */
export function duePeriods(schedule: BillingSchedule, today: string): BillingPeriod[] {
  if (schedule.status !== 'active') return [];
  const out: BillingPeriod[] = [];
  for (let i = 0; i < MAX_PERIODS; i++) {
    const billingDate = billingDateOf(schedule, i);
    if (billingDate > today) break;
    out.push({ period: periodOf(schedule.interval, billingDate), billingDate });
  }
  return out;
}

/** The plan's next billing day: the first period not invoiced yet; null once stopped. */
export function nextBillingDate(schedule: BillingSchedule, invoiced: ReadonlySet<string>): string | null {
  if (schedule.status !== 'active') return null;
  for (let i = 0; i < MAX_PERIODS + invoiced.size; i++) {
    const billingDate = billingDateOf(schedule, i);
    if (!invoiced.has(periodOf(schedule.interval, billingDate))) return billingDate;
  }
  return null;
}

/** Today in the business time zone. */
export const billingToday = (at: Date = new Date()) => utcToLocal(at).date;

/** The invoice's description for a period: the plan's own words and which period it pays for. */
export function periodDescription(description: string, interval: BillingInterval, period: string) {
  const [y, m] = period.split('-').map(Number) as [number, number | undefined];
  const label =
    interval === 'monthly' && m
      ? new Date(Date.UTC(y, m - 1, 1)).toLocaleString('en-US', {
          month: 'long',
          year: 'numeric',
          timeZone: 'UTC',
        })
      : String(y);
  return `${description.trim()} (${label})`.slice(0, 2_000);
}
