import {
  BILLING_PLAN_NOT_FOUND,
  FIRST_BILLING_DAY_PAST,
  PLAN_PROJECT_NOT_CLIENTS,
  PLAN_STOPPED,
} from '@app/contracts/api/billing';
import {
  type BillingInterval,
  type BillingPeriod,
  type BillingPlanStatus,
  type BillingService,
  duePeriods,
} from '@app/contracts/billing/rules';
import {
  billingClientStream,
  billingPlanStream,
  type TBillingClientEvent,
  type TBillingPlanEvent,
} from '@app/contracts/events/billing';
import { conflict, invalid, notFound } from '../platform/errors.ts';
import type { ProjectFacts } from '../projects/facts.ts';

export { billingClientStream, billingPlanStream };

export interface PlanFacts {
  id: number;
  clientId: number;
  projectId: number;
  service: BillingService;
  description: string;
  amountCents: number;
  interval: BillingInterval;
  firstBillingDay: string;
  status: BillingPlanStatus;
  /** Period → the invoice that billed it. */
  invoiced: Record<string, number>;
  startedBy: number;
}

export type PlanState = { lifecycle: 'none' } | ({ lifecycle: 'active' } & PlanFacts);

export const planDecider = {
  initial: { lifecycle: 'none' } as PlanState,
  evolve(state: PlanState, event: TBillingPlanEvent): PlanState {
    if (event.type === 'BillingPlanStarted') {
      const d = event.data;
      return {
        lifecycle: 'active',
        id: d.planId,
        clientId: d.clientId,
        projectId: d.projectId,
        service: d.service,
        description: d.description,
        amountCents: d.amountCents,
        interval: d.interval,
        firstBillingDay: d.firstBillingDay,
        status: 'active',
        invoiced: {},
        startedBy: d.startedBy,
      };
    }
    if (state.lifecycle === 'none') return state;
    switch (event.type) {
      case 'BillingPlanChanged': {
        const { service, description, amountCents } = event.data;
        return { ...state, service, description, amountCents };
      }
      case 'BillingPlanStopped':
        return { ...state, status: 'stopped' };
      case 'BillingPeriodInvoiced':
        return { ...state, invoiced: { ...state.invoiced, [event.data.period]: event.data.invoiceId } };
      default: {
        const unhandled: never = event;
        return unhandled;
      }
    }
  },
};

const existing = (state: PlanState) => {
  if (state.lifecycle === 'none') throw notFound(BILLING_PLAN_NOT_FOUND);
  return state;
};

export interface PlanTerms {
  service: BillingService;
  description: string;
  amountCents: number;
}

const checkTerms = (terms: PlanTerms) => {
  if (!Number.isInteger(terms.amountCents) || terms.amountCents <= 0)
    throw invalid('Amount must be a positive number', 'amount_positive');
  const description = terms.description.trim();
  if (!description) throw invalid('Description is required', 'description_required');
  return { ...terms, description };
};

/**
 * A new plan for a project of the client (`project`: as its own stream has it, undefined when gone), billing
 * from today (Alaska) at the earliest: a back-dated plan would issue (and charge) every missed period at once.
 */
export function startPlan(
  state: PlanState,
  command: PlanTerms & {
    planId: number;
    clientId: number;
    projectId: number;
    project: ProjectFacts | undefined;
    interval: BillingInterval;
    firstBillingDay: string;
    today: string;
    by: number;
    at: string;
  },
): TBillingPlanEvent[] {
  if (state.lifecycle !== 'none') throw conflict('This billing plan already exists.');
  if (command.firstBillingDay < command.today)
    throw invalid(FIRST_BILLING_DAY_PAST, 'first_billing_day_past');
  if (!command.project || command.project.clientId !== command.clientId)
    throw invalid(PLAN_PROJECT_NOT_CLIENTS, 'project_not_clients');
  const terms = checkTerms(command);
  return [
    {
      type: 'BillingPlanStarted',
      data: {
        planId: command.planId,
        clientId: command.clientId,
        projectId: command.projectId,
        service: terms.service,
        description: terms.description,
        amountCents: terms.amountCents,
        interval: command.interval,
        firstBillingDay: command.firstBillingDay,
        startedBy: command.by,
        startedAt: command.at,
      },
    },
  ];
}

/** PATCH: the terms from the next period on; nothing when they are the same; a stopped plan is not changed. */
export function changePlan(
  state: PlanState,
  command: Partial<PlanTerms> & { by: number; at: string },
): TBillingPlanEvent[] {
  const plan = existing(state);
  if (plan.status === 'stopped') throw conflict(PLAN_STOPPED, 'plan_stopped');
  const terms = checkTerms({
    service: command.service ?? plan.service,
    description: command.description ?? plan.description,
    amountCents: command.amountCents ?? plan.amountCents,
  });
  if (
    terms.service === plan.service &&
    terms.description === plan.description &&
    terms.amountCents === plan.amountCents
  )
    return [];
  return [
    {
      type: 'BillingPlanChanged',
      data: { planId: plan.id, ...terms, changedBy: command.by, changedAt: command.at },
    },
  ];
}

/** Stop: no period is billed after; stopping twice changes nothing. */
export function stopPlan(state: PlanState, command: { by: number; at: string }): TBillingPlanEvent[] {
  const plan = existing(state);
  if (plan.status === 'stopped') return [];
  return [
    { type: 'BillingPlanStopped', data: { planId: plan.id, stoppedBy: command.by, stoppedAt: command.at } },
  ];
}

/** The periods due by `today` (Alaska) and not invoiced yet, oldest first. */
export function periodsToInvoice(state: PlanState, today: string): BillingPeriod[] {
  if (state.lifecycle === 'none') return [];
  return duePeriods(state, today).filter((p) => state.invoiced[p.period] === undefined);
}

/** Period `period` billed by invoice `invoiceId` (same change as the invoice); refused when billed already. */
export function invoicePeriod(
  state: PlanState,
  command: BillingPeriod & { invoiceId: number; today: string },
): TBillingPlanEvent[] {
  const plan = existing(state);
  if (plan.invoiced[command.period] !== undefined) throw conflict('This period is invoiced already.');
  if (!periodsToInvoice(plan, command.today).some((p) => p.period === command.period))
    throw conflict('This period is not due.');
  return [
    {
      type: 'BillingPeriodInvoiced',
      data: {
        planId: plan.id,
        period: command.period,
        billingDate: command.billingDate,
        invoiceId: command.invoiceId,
      },
    },
  ];
}

/** A client's automatic payment: the card saved (brand, last 4) and the declined charges, once per intent. */
export interface ClientBillingState {
  card: { brand: string; last4: string } | null;
  declined: string[];
}

export const clientBillingDecider = {
  initial: { card: null, declined: [] } as ClientBillingState,
  evolve(state: ClientBillingState, event: TBillingClientEvent): ClientBillingState {
    switch (event.type) {
      case 'ClientCardSaved':
        return { ...state, card: { brand: event.data.brand, last4: event.data.last4 } };
      case 'BillingChargeFailed':
        return { ...state, declined: [...state.declined, event.data.intentId] };
      default: {
        const unhandled: never = event;
        return unhandled;
      }
    }
  },
};

export function saveCard(
  state: ClientBillingState,
  command: { clientId: number; brand: string; last4: string; at: string },
): TBillingClientEvent[] {
  if (state.card?.brand === command.brand && state.card.last4 === command.last4) return [];
  return [
    {
      type: 'ClientCardSaved',
      data: { clientId: command.clientId, brand: command.brand, last4: command.last4, savedAt: command.at },
    },
  ];
}

export function chargeFailed(
  state: ClientBillingState,
  command: { clientId: number; invoiceId: number; intentId: string; message: string; at: string },
): TBillingClientEvent[] {
  if (state.declined.includes(command.intentId)) return [];
  return [
    {
      type: 'BillingChargeFailed',
      data: {
        clientId: command.clientId,
        invoiceId: command.invoiceId,
        intentId: command.intentId,
        message: command.message.trim() || 'The card was declined',
        failedAt: command.at,
      },
    },
  ];
}
