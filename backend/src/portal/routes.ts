import { ZClientIdOnlyParams } from '@app/contracts/api/clients';
import { ZPayment } from '@app/contracts/api/invoices';
import { ZAppointment } from '@app/contracts/api/portal';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { guards } from '../auth/guard.ts';
import { clientById, clientIdForUser } from '../clients/queries.ts';
import { PAYMENT_LIST_VIEWS, paymentsOfClient } from '../invoices/queries.ts';
import type { AppDeps } from '../platform/deps.ts';
import { notFound } from '../platform/errors.ts';
import { keptAnswers } from '../platform/kept-pages.ts';
import { appointmentsOfClient } from './queries.ts';

/**
 * The client portal's lists (messages have their own routes: backend/src/messages): `/client` reads the signed-in client's own, `/client/{clientId}` is the admin's
 * view of any client's portal. A signed-in account with no client record has nothing to list.
 */
type Reader = (deps: AppDeps, clientId: number) => Promise<unknown[]>;
const LISTS: { path: string; item: z.ZodType; read: Reader; views: readonly string[] }[] = [
  {
    path: '/api/appointments/client',
    item: ZAppointment,
    read: appointmentsOfClient,
    views: ['appointments'],
  },
  { path: '/api/payments/client', item: ZPayment, read: paymentsOfClient, views: PAYMENT_LIST_VIEWS },
];

export function portalRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { requireUser, requireAdmin } = guards(deps);
  return async (app) => {
    for (const { path, item, read, views } of LISTS) {
      // The client's own list, kept per client while its views are unchanged (the portal reads it often).
      const kept = keptAnswers(deps, views);
      app.get(
        path,
        { schema: { response: { 200: z.array(item) } }, preValidation: requireUser },
        async (request, reply) => {
          const clientId = await clientIdForUser(deps, request.user!.id);
          return clientId === null
            ? []
            : kept(request, reply, `client-${clientId}`, () => read(deps, clientId));
        },
      );
      app.get(
        `${path}/:clientId`,
        {
          schema: { params: ZClientIdOnlyParams, response: { 200: z.array(item) } },
          preValidation: requireAdmin,
        },
        async (request) => {
          if (!(await clientById(deps, request.params.clientId))) throw notFound('Client not found');
          return read(deps, request.params.clientId);
        },
      );
    }
  };
}
