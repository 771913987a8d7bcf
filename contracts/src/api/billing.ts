import { z } from 'zod';
import { BILLING_INTERVALS, BILLING_PLAN_STATUSES, BILLING_SERVICES } from '../billing/rules.ts';
import { DESCRIPTION_REQUIRED } from './invoices.ts';
import { ZCalendarDay, ZDollarsToCents, ZId, ZIdParam, ZText } from './primitives.ts';

/** Recurring billing (issue 15.8): admins keep the plans; a client saves a card for automatic payment. */
export const BILLING_PLAN_NOT_FOUND = 'Billing plan not found';
export const PLAN_PROJECT_NOT_CLIENTS = "The project must be one of the client's projects";
export const PLAN_STOPPED = 'This billing plan is stopped';
export const FIRST_BILLING_DAY_PAST = 'The first billing day cannot be in the past';

const service = z.enum(BILLING_SERVICES, { error: 'Please choose a service' });
const description = ZText(2_000, { error: DESCRIPTION_REQUIRED }).min(1, DESCRIPTION_REQUIRED);

/** POST /api/billing-plans: the amount in dollars, as the invoice body takes it. */
export const ZCreateBillingPlanBody = z.object({
  clientId: ZId('Please select a client'),
  projectId: ZId('Please select a job/project'),
  service,
  description,
  amount: ZDollarsToCents,
  interval: z.enum(BILLING_INTERVALS).default('monthly'),
  firstBillingDay: ZCalendarDay('Please choose the first billing day'),
});
export type TCreateBillingPlanBody = z.input<typeof ZCreateBillingPlanBody>;

/** PATCH /api/billing-plans/{id}: what it bills from its next period on. */
export const ZChangeBillingPlanBody = z
  .object({
    service: service.optional(),
    description: description.optional(),
    amount: ZDollarsToCents.optional(),
  })
  .refine((b) => b.service !== undefined || b.description !== undefined || b.amount !== undefined, {
    message: 'Nothing to change',
  });
export type TChangeBillingPlanBody = z.input<typeof ZChangeBillingPlanBody>;

export const ZBillingPlanIdParams = z.object({ id: ZIdParam });
export const ZBillingPlansQuery = z.object({ clientId: ZIdParam.optional() });

export const ZBillingPlan = z.object({
  id: z.number().int(),
  clientId: z.number().int(),
  clientName: z.string().nullable(),
  projectId: z.number().int(),
  projectName: z.string().nullable(),
  service: z.enum(BILLING_SERVICES),
  description: z.string(),
  amountCents: z.number().int(),
  interval: z.enum(BILLING_INTERVALS),
  firstBillingDay: z.string(),
  status: z.enum(BILLING_PLAN_STATUSES),
  /** The first period not invoiced yet; null once stopped. */
  nextBillingDate: z.string().nullable(),
  /** The last period invoiced (`2026-12`, `2027`) and its invoice. */
  lastPeriod: z.string().nullable(),
  lastInvoiceId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type TBillingPlan = z.infer<typeof ZBillingPlan>;
export const ZBillingPlans = z.array(ZBillingPlan);

/** POST /api/billing/setup-intent (a client): Stripe's SetupIntent for saving a card. */
export const ZSetupIntentResponse = z.object({ clientSecret: z.string() });

/** POST /api/billing/card-saved: the SetupIntent Stripe confirmed (checked with Stripe). */
export const ZCardSavedBody = z.object({ setupIntentId: ZText(255).min(1, 'setupIntentId is required') });
export const ZSavedCard = z.object({
  brand: z.string(),
  last4: z.string(),
  /** The card's expiry month (1-12) and year; null for a card saved before they were kept. */
  expMonth: z.number().int().nullable(),
  expYear: z.number().int().nullable(),
});
export type TSavedCard = z.infer<typeof ZSavedCard>;

/**
 * GET /api/billing/card (a client, their own): the card their recurring invoices are charged to (null: none),
 * and whether cards can be saved here (without Stripe keys the portal says payment processing is being set up).
 */
export const ZPaymentMethodResponse = z.object({
  cardPayments: z.boolean(),
  stripePublishableKey: z.string().nullable(),
  card: ZSavedCard.nullable(),
});
export type TPaymentMethodResponse = z.infer<typeof ZPaymentMethodResponse>;
