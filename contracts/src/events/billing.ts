import { z } from 'zod';
import { BILLING_INTERVALS, BILLING_SERVICES } from '../billing/rules.ts';
import { defineEvent } from './define.ts';
import { eDay, eId, eInstant, eText } from './values.ts';

/**
 * Recurring billing (issue 15.8). A plan is a stream (`billing-plan-<planId>`); each period it bills is recorded
 * on it with the invoice issued for it, in the same change as the invoice. A client's saved card and the
 * declined automatic charges are on `billing-client-<clientId>` (the card's brand and last 4 digits only: the
 * Stripe customer and payment method live in a plain table, `billing_cards`).
 */
export const billingPlanStream = (planId: number) => `billing-plan-${planId}`;
export const billingClientStream = (clientId: number) => `billing-client-${clientId}`;

const eCents = z.number().int().min(1).max(100_000_000_000);
const ePeriod = z.string().regex(/^\d{4}(-\d{2})?$/);

export const ZBillingPlanStarted = defineEvent(
  'BillingPlanStarted',
  z.object({
    planId: eId,
    clientId: eId,
    projectId: eId,
    service: z.enum(BILLING_SERVICES),
    description: eText,
    amountCents: eCents,
    interval: z.enum(BILLING_INTERVALS),
    firstBillingDay: eDay,
    startedBy: eId,
    startedAt: eInstant,
  }),
);

/** What a plan bills from its next period on (periods invoiced keep their invoices). */
export const ZBillingPlanChanged = defineEvent(
  'BillingPlanChanged',
  z.object({
    planId: eId,
    service: z.enum(BILLING_SERVICES),
    description: eText,
    amountCents: eCents,
    changedBy: eId,
    changedAt: eInstant,
  }),
);

export const ZBillingPlanStopped = defineEvent(
  'BillingPlanStopped',
  z.object({ planId: eId, stoppedBy: eId, stoppedAt: eInstant }),
);

/** Period `period` (`2026-12` monthly, `2027` yearly) was billed by invoice `invoiceId`. */
export const ZBillingPeriodInvoiced = defineEvent(
  'BillingPeriodInvoiced',
  z.object({ planId: eId, period: ePeriod, billingDate: eDay, invoiceId: eId }),
);

/** The client saved a card for automatic payment of their recurring invoices. */
export const ZClientCardSaved = defineEvent(
  'ClientCardSaved',
  z.object({ clientId: eId, brand: eText, last4: z.string().regex(/^\d{4}$/), savedAt: eInstant }),
);

/** The automatic charge of a recurring invoice was declined (starts the client's mail). */
export const ZBillingChargeFailed = defineEvent(
  'BillingChargeFailed',
  z.object({ clientId: eId, invoiceId: eId, intentId: eText, message: eText, failedAt: eInstant }),
);

export const billingPlanEventSchemas = [
  ZBillingPlanStarted,
  ZBillingPlanChanged,
  ZBillingPlanStopped,
  ZBillingPeriodInvoiced,
] as const;
export const billingClientEventSchemas = [ZClientCardSaved, ZBillingChargeFailed] as const;
export const billingEventSchemas = [...billingPlanEventSchemas, ...billingClientEventSchemas] as const;

export type TBillingPlanEvent = z.infer<(typeof billingPlanEventSchemas)[number]>;
export type TBillingClientEvent = z.infer<(typeof billingClientEventSchemas)[number]>;
