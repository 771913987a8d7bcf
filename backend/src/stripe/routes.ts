import { ZCreatePaymentIntentBody, ZPaymentIntentResponse } from '@app/contracts/api/invoices';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, guards } from '../auth/guard.ts';
import { personOf } from '../auth/person.ts';
import type { AppDeps } from '../platform/deps.ts';
import { idempotencyKey } from '../platform/idempotency.ts';
import { whileStripeAnswers } from './client.ts';
import { createPaymentIntent } from './intents.ts';
import type { InvoicePayments } from './port.ts';
import { receiveStripeEvent, verifiedEvent } from './webhook.ts';

/** Stripe's webhook bodies are small; a megabyte is far more than any event we take. */
const WEBHOOK_BODY_LIMIT = 1_048_576;

/**
 * Card payments (issue 15.4): the card form's payment intent for an invoice (its own client or an admin), and
 * Stripe's webhook, which only verifies and stores the event (the `stripe.event.apply` job records it).
 */
export function stripeRoutes(deps: AppDeps, payments: InvoicePayments): FastifyPluginAsyncZod {
  const { requireUser } = guards(deps);
  return async (app) => {
    app.post(
      '/api/create-payment-intent',
      {
        schema: { body: ZCreatePaymentIntentBody, response: { 200: ZPaymentIntentResponse } },
        preValidation: requireUser,
      },
      async (request) => {
        const person = await personOf(deps, request.user!);
        const { clientSecret } = await whileStripeAnswers(request.log, () =>
          createPaymentIntent(deps, payments, actorOf(request), person, {
            invoiceId: request.body.invoiceId,
            projectId: request.body.projectId,
            amountCents: request.body.amount,
            ...(request.body.description !== undefined && { description: request.body.description }),
            key: idempotencyKey(request),
          }),
        );
        return { clientSecret };
      },
    );

    // Its own scope: the signature covers the exact bytes Stripe sent, so this route alone takes the body raw.
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser(
        '*',
        { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
        (_req, body, done) => done(null, body),
      );
      scope.post(
        '/api/stripe/webhook',
        {
          schema: {
            response: {
              200: z.object({
                received: z.literal(true),
                duplicate: z.boolean(),
                refused: z.string().optional(),
              }),
            },
          },
        },
        async (request) => {
          const event = verifiedEvent(
            deps,
            Buffer.isBuffer(request.body) ? request.body : undefined,
            request.headers['stripe-signature'],
          );
          const { stored, refused } = await receiveStripeEvent(
            deps,
            { ...actorOf(request), id: null, role: 'system' },
            event,
          );
          if (refused !== undefined) {
            // Acknowledged all the same: Stripe would send a refused event again for days.
            request.log.warn(
              { stripeEvent: event.id, type: event.type, reason: refused },
              'Stripe event refused',
            );
            return { received: true as const, duplicate: false, refused };
          }
          return { received: true as const, duplicate: !stored };
        },
      );
    });
  };
}
