import { type BillingInterval, billingToday } from '@app/contracts/billing/rules';
import { type Actor, runCommand } from '../platform/command.ts';
import type { AppDeps } from '../platform/deps.ts';
import { projectFacts } from '../projects/facts.ts';
import * as decide from './decide.ts';
import { billingPlanStream, type PlanTerms, planDecider } from './decide.ts';

type Deps = Pick<AppDeps, 'store' | 'aggregates' | 'waitForProjections'>;

/** A new plan: its project is read on the project's own stream (it must be the client's). */
export async function startPlan(
  deps: Deps,
  actor: Actor,
  command: PlanTerms & {
    planId: number;
    clientId: number;
    projectId: number;
    interval: BillingInterval;
    firstBillingDay: string;
    by: number;
  },
) {
  const project = await projectFacts(deps, command.projectId);
  const at = new Date();
  return runCommand(deps, billingPlanStream(command.planId), planDecider, actor, (state) =>
    decide.startPlan(state, { ...command, project, today: billingToday(at), at: at.toISOString() }),
  );
}

export const changePlan = (
  deps: Deps,
  actor: Actor,
  command: Partial<PlanTerms> & { planId: number; by: number },
) =>
  runCommand(deps, billingPlanStream(command.planId), planDecider, actor, (state) =>
    decide.changePlan(state, {
      ...(command.service !== undefined && { service: command.service }),
      ...(command.description !== undefined && { description: command.description }),
      ...(command.amountCents !== undefined && { amountCents: command.amountCents }),
      by: command.by,
      at: new Date().toISOString(),
    }),
  );

export const stopPlan = (deps: Deps, actor: Actor, command: { planId: number; by: number }) =>
  runCommand(deps, billingPlanStream(command.planId), planDecider, actor, (state) =>
    decide.stopPlan(state, { by: command.by, at: new Date().toISOString() }),
  );
