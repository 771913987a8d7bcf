import {
  ZConsultation,
  ZConsultationIdParams,
  ZConsultationPatchBody,
  ZConsultationRequestBody,
  ZConsultationRequested,
} from '@app/contracts/api/consultations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { actorOf, guards } from '../auth/guard.ts';
import { runCommand } from '../platform/command.ts';
import type { AppDeps } from '../platform/deps.ts';
import { notFound } from '../platform/errors.ts';
import {
  consultationDecider,
  consultationStream,
  requestConsultation,
  updateConsultation,
} from './decide.ts';
import { consultationById, listConsultations } from './queries.ts';

const THANKS = "We'll contact you within 24 hours to confirm your consultation.";

export function consultationRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { requireAdmin } = guards(deps);
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
        const { rows } = await sql<{ id: number }>`SELECT nextval('consultation_ids')::int AS id`.execute(
          deps.db,
        );
        const consultationId = rows[0]!.id;
        await runCommand(
          deps,
          consultationStream(consultationId),
          consultationDecider,
          actorOf(request),
          (state) => requestConsultation(state, { consultationId, body: request.body, now: new Date() }),
        );
        return reply.code(201).send({ success: true as const, message: THANKS });
      },
    );

    app.get(
      '/api/consultations',
      { schema: { response: { 200: z.array(ZConsultation) } }, preValidation: requireAdmin },
      () => listConsultations(deps),
    );

    app.patch(
      '/api/consultations/:id',
      {
        schema: {
          params: ZConsultationIdParams,
          body: ZConsultationPatchBody,
          response: { 200: ZConsultation },
        },
        preValidation: requireAdmin,
      },
      async (request) => {
        const { id } = request.params;
        await runCommand(deps, consultationStream(id), consultationDecider, actorOf(request), (state) =>
          updateConsultation(state, { patch: request.body, now: new Date() }),
        );
        const consultation = await consultationById(deps, id);
        if (!consultation) throw notFound('Consultation request not found');
        return consultation;
      },
    );
  };
}
