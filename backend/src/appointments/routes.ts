import { ZAccepted } from '@app/contracts/api/accepted';
import {
  APPOINTMENT_NOT_FOUND,
  ZAdminAppointment,
  ZAppointmentIdParams,
  ZChangeAppointmentBody,
  ZCreateAppointmentBody,
} from '@app/contracts/api/appointments';
import { ZIfMatchHeaders } from '@app/contracts/api/versions';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, guards } from '../auth/guard.ts';
import { answerAfter } from '../platform/answer.ts';
import type { CommandOutcome } from '../platform/command.ts';
import type { AppDeps } from '../platform/deps.ts';
import { createOnce } from '../platform/idempotency.ts';
import { cancelExisting, changeExisting, scheduleNew } from './commands.ts';
import { appointmentStream } from './decide.ts';
import { allAppointments, appointmentById } from './queries.ts';

/**
 * Appointments (spec section 7): staff list, schedule, change and cancel them. A client reads their own
 * through GET /api/appointments/client (backend/src/portal/routes.ts).
 */
export function appointmentRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { requireAdmin } = guards(deps);

  const answer = (reply: FastifyReply, outcome: CommandOutcome, id: number, status: 200 | 201 = 200) =>
    answerAfter(reply, outcome, {
      status,
      id,
      read: () => appointmentById(deps, id),
      notFoundMessage: APPOINTMENT_NOT_FOUND,
    });

  return async (app) => {
    app.get(
      '/api/appointments',
      { schema: { response: { 200: z.array(ZAdminAppointment) } }, preValidation: requireAdmin },
      async () => allAppointments(deps),
    );

    app.post(
      '/api/appointments',
      {
        schema: { body: ZCreateAppointmentBody, response: { 201: ZAdminAppointment, 202: ZAccepted } },
        preValidation: requireAdmin,
      },
      async (request, reply) => {
        const { id, outcome } = await createOnce(deps, request, {
          sequence: 'appointment_ids',
          stream: appointmentStream,
          create: async (appointmentId) => ({
            outcome: await scheduleNew(deps, actorOf(request), {
              appointmentId,
              body: request.body,
              by: request.user!.id,
            }),
          }),
          repeated: (_id, outcome) => ({ outcome }),
        });
        return answer(reply, outcome, id, 201);
      },
    );

    app.patch(
      '/api/appointments/:id',
      {
        schema: {
          params: ZAppointmentIdParams,
          headers: ZIfMatchHeaders,
          body: ZChangeAppointmentBody,
          response: { 200: ZAdminAppointment, 202: ZAccepted },
        },
        preValidation: requireAdmin,
      },
      async (request, reply) => {
        const { id } = request.params;
        const outcome = await changeExisting(deps, actorOf(request), {
          id,
          body: request.body,
          by: request.user!.id,
          expectedVersion: request.headers['if-match'],
        });
        return answer(reply, outcome, id);
      },
    );

    app.post(
      '/api/appointments/:id/cancel',
      {
        schema: { params: ZAppointmentIdParams, response: { 200: ZAdminAppointment, 202: ZAccepted } },
        preValidation: requireAdmin,
      },
      async (request, reply) => {
        const { id } = request.params;
        const outcome = await cancelExisting(deps, actorOf(request), id, request.user!.id);
        return answer(reply, outcome, id);
      },
    );
  };
}
