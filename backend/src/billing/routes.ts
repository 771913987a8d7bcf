import { ZAccepted } from '@app/contracts/api/accepted';
import {
  BILLING_PLAN_NOT_FOUND,
  ZBillingPlan,
  ZBillingPlanIdParams,
  ZBillingPlans,
  ZBillingPlansQuery,
  ZCardSavedBody,
  ZChangeBillingPlanBody,
  ZCreateBillingPlanBody,
  ZPaymentMethodResponse,
  ZSavedCard,
  ZSetupIntentResponse,
} from '@app/contracts/api/billing';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, guards } from '../auth/guard.ts';
import { personOf } from '../auth/person.ts';
import { answerAfter } from '../platform/answer.ts';
import type { CommandOutcome } from '../platform/command.ts';
import type { AppDeps } from '../platform/deps.ts';
import { createOnce } from '../platform/idempotency.ts';
import { whileStripeAnswers } from '../stripe/client.ts';
import { createSetupIntent, paymentMethodOf, recordCardSaved } from './cards.ts';
import { changePlan, startPlan, stopPlan } from './commands.ts';
import { billingPlanStream } from './decide.ts';
import { billingPlanById, billingPlanList } from './queries.ts';

/**
 * Recurring billing plans (issue 15.8), kept by admins: the list (of one client with `?clientId=`), a new plan
 * for a project of its client, a change of what it bills from the next period, and Stop. The invoices are
 * issued by the workers' billing timer (billing/issue.ts). A client saves their own card for automatic
 * payment: a Stripe SetupIntent, then `card-saved` once Stripe confirmed it (checked with Stripe; Stripe's
 * `setup_intent.succeeded` webhook saves it too), and reads it back with `GET /api/billing/card`.
 */
export function billingRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { requireAdmin, requireUser } = guards(deps);
  const answer = (reply: FastifyReply, outcome: CommandOutcome, id: number, status?: 201) =>
    answerAfter(reply, outcome, {
      ...(status && { status }),
      id,
      read: () => billingPlanById(deps, id),
      notFoundMessage: BILLING_PLAN_NOT_FOUND,
    });
  const write = { response: { 200: ZBillingPlan, 202: ZAccepted }, params: ZBillingPlanIdParams };

  return async (app) => {
    app.get(
      '/api/billing-plans',
      {
        schema: { querystring: ZBillingPlansQuery, response: { 200: ZBillingPlans } },
        preValidation: requireAdmin,
      },
      async (request) => billingPlanList(deps, { clientId: request.query.clientId }),
    );

    app.post(
      '/api/billing-plans',
      {
        schema: { body: ZCreateBillingPlanBody, response: { 201: ZBillingPlan, 202: ZAccepted } },
        preValidation: requireAdmin,
      },
      async (request, reply) => {
        const body = request.body;
        const { id, outcome } = await createOnce(deps, request, {
          sequence: 'billing_plan_ids',
          stream: billingPlanStream,
          create: async (planId) => ({
            outcome: await startPlan(deps, actorOf(request), {
              planId,
              clientId: body.clientId,
              projectId: body.projectId,
              service: body.service,
              description: body.description,
              amountCents: body.amount,
              interval: body.interval,
              firstBillingDay: body.firstBillingDay,
              by: request.user!.id,
            }),
          }),
          repeated: (_id, outcome) => ({ outcome }),
        });
        return answer(reply, outcome, id, 201);
      },
    );

    app.patch(
      '/api/billing-plans/:id',
      { schema: { ...write, body: ZChangeBillingPlanBody }, preValidation: requireAdmin },
      async (request, reply) => {
        const { id } = request.params;
        const outcome = await changePlan(deps, actorOf(request), {
          planId: id,
          service: request.body.service,
          description: request.body.description,
          amountCents: request.body.amount,
          by: request.user!.id,
        });
        return answer(reply, outcome, id);
      },
    );

    app.post(
      '/api/billing-plans/:id/stop',
      { schema: write, preValidation: requireAdmin },
      async (request, reply) => {
        const { id } = request.params;
        const outcome = await stopPlan(deps, actorOf(request), { planId: id, by: request.user!.id });
        return answer(reply, outcome, id);
      },
    );

    app.get(
      '/api/billing/card',
      { schema: { response: { 200: ZPaymentMethodResponse } }, preValidation: requireUser },
      async (request) => paymentMethodOf(deps, await personOf(deps, request.user!)),
    );

    app.post(
      '/api/billing/setup-intent',
      { schema: { response: { 200: ZSetupIntentResponse } }, preValidation: requireUser },
      async (request) => {
        const person = await personOf(deps, request.user!);
        return whileStripeAnswers(request.log, () => createSetupIntent(deps, person));
      },
    );

    app.post(
      '/api/billing/card-saved',
      { schema: { body: ZCardSavedBody, response: { 200: ZSavedCard } }, preValidation: requireUser },
      async (request) => {
        const person = await personOf(deps, request.user!);
        return whileStripeAnswers(request.log, () =>
          recordCardSaved(deps, actorOf(request), person, request.body.setupIntentId),
        );
      },
    );
  };
}
