import { ZAccepted } from '@app/contracts/api/accepted';
import {
  ZConsultation,
  ZConsultationCounts,
  ZConsultationCountsQuery,
  ZConsultationIdParams,
  ZConsultationPatchBody,
  ZConsultationRequestBody,
  ZConsultationRequested,
  ZConsultationsPage,
  ZConsultationsQuery,
} from '@app/contracts/api/consultations';
import { asksForPage } from '@app/contracts/api/paging';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, guards } from '../auth/guard.ts';
import { answerAfter } from '../platform/answer.ts';
import { runCommand } from '../platform/command.ts';
import type { AppDeps } from '../platform/deps.ts';
import { createOnce } from '../platform/idempotency.ts';
import { keptPages } from '../platform/kept-pages.ts';
import {
  consultationDecider,
  consultationStream,
  requestConsultation,
  updateConsultation,
} from './decide.ts';
import { consultationById, consultationCounts, listConsultations, pageConsultations } from './queries.ts';

const THANKS = "We'll contact you within 24 hours to confirm your consultation.";

export function consultationRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { requireAdmin } = guards(deps);
  const pages = keptPages(deps, ['consultations']);
  return async (app) => {
    app.post(
      '/api/consultations',
      {
        schema: { body: ZConsultationRequestBody, response: { 201: ZConsultationRequested } },
        config: { rateLimit: { max: deps.config.PUBLIC_FORM_RATE_LIMIT, timeWindow: '1 minute' } },
      },
      async (request, reply) => {
        // A filled-in honeypot is a bot: it is told all went well and nothing is kept.
        if (request.body.website) return reply.code(201).send({ success: true as const, message: THANKS });
        await createOnce(deps, request, {
          sequence: 'consultation_ids',
          stream: consultationStream,
          create: async (consultationId) => ({
            outcome: await runCommand(
              deps,
              consultationStream(consultationId),
              consultationDecider,
              actorOf(request),
              (state) => requestConsultation(state, { consultationId, body: request.body, now: new Date() }),
            ),
          }),
          repeated: (_id, outcome) => ({ outcome }),
        });
        return reply.code(201).send({ success: true as const, message: THANKS });
      },
    );

    app.get(
      '/api/consultations',
      {
        schema: {
          querystring: ZConsultationsQuery,
          response: { 200: z.union([z.array(ZConsultation), ZConsultationsPage]) },
        },
        preValidation: requireAdmin,
      },
      // With any query (limit, cursor, q, set, status) a page; without, every request (the spec's).
      async (request, reply) =>
        asksForPage(request.query)
          ? pages(request, reply, 'all', () => pageConsultations(deps, request.query))
          : listConsultations(deps),
    );

    // The manager's summary tiles of a set (Active or Previous Requests), from the kept counters.
    app.get(
      '/api/consultations/counts',
      {
        schema: { querystring: ZConsultationCountsQuery, response: { 200: ZConsultationCounts } },
        preValidation: requireAdmin,
      },
      (request) => consultationCounts(deps, request.query.set),
    );

    app.patch(
      '/api/consultations/:id',
      {
        schema: {
          params: ZConsultationIdParams,
          body: ZConsultationPatchBody,
          response: { 200: ZConsultation, 202: ZAccepted },
        },
        preValidation: requireAdmin,
      },
      async (request, reply) => {
        const { id } = request.params;
        const outcome = await runCommand(
          deps,
          consultationStream(id),
          consultationDecider,
          actorOf(request),
          (state) => updateConsultation(state, { patch: request.body, now: new Date() }),
        );
        return answerAfter(reply, outcome, {
          id,
          read: () => consultationById(deps, id),
          notFoundMessage: 'Consultation request not found',
        });
      },
    );
  };
}
