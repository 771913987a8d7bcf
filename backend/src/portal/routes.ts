import { ZClientIdOnlyParams } from '@app/contracts/api/clients';
import { ZClientPaymentsQuery, ZPayment } from '@app/contracts/api/invoices';
import { asksForPage, EMPTY_PAGE, type TPage, ZPage } from '@app/contracts/api/paging';
import { ZAppointment, ZClientAppointmentsQuery } from '@app/contracts/api/portal';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { guards } from '../auth/guard.ts';
import { ownClientList } from '../clients/own-list.ts';
import { clientById } from '../clients/queries.ts';
import { PAYMENT_LIST_VIEWS, pagePayments, paymentsOfClient } from '../invoices/queries.ts';
import type { AppDeps } from '../platform/deps.ts';
import { notFound } from '../platform/errors.ts';
import { keptAnswers, keptPages } from '../platform/kept-pages.ts';
import { appointmentsOfClient, pageAppointmentsOfClient } from './queries.ts';

/**
 * The client portal's lists (messages have their own routes: backend/src/messages): `/client` reads the
 * signed-in client's own, `/client/{clientId}` is the admin's view of any client's portal. A signed-in account
 * with no client record has nothing to list. With no parameter a list answers the spec's whole array; with any
 * of its query's (limit, cursor, q, filters) a page of that client's rows only (contracts/api/paging.ts).
 */
type List<Q extends z.ZodType> = {
  path: string;
  item: z.ZodType;
  query: Q;
  whole: (deps: AppDeps, clientId: number) => Promise<unknown[]>;
  page: (deps: AppDeps, clientId: number, query: z.infer<Q>) => Promise<TPage<unknown>>;
  views: readonly string[];
};
const list = <Q extends z.ZodType>(l: List<Q>) => l as unknown as List<z.ZodType>;

const LISTS = [
  list({
    path: '/api/appointments/client',
    item: ZAppointment,
    query: ZClientAppointmentsQuery,
    whole: appointmentsOfClient,
    page: pageAppointmentsOfClient,
    views: ['appointments'],
  }),
  list({
    path: '/api/payments/client',
    item: ZPayment,
    query: ZClientPaymentsQuery,
    whole: paymentsOfClient,
    page: (deps, clientId, query) => pagePayments(deps, { ...query, clientId }),
    views: PAYMENT_LIST_VIEWS,
  }),
];

export function portalRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { requireUser, requireAdmin } = guards(deps);
  return async (app) => {
    for (const { path, item, query, whole, page, views } of LISTS) {
      // The client's own list and pages, kept per client while its views are unchanged (the portal reads
      // them often).
      const kept = keptAnswers(deps, views);
      const pages = keptPages(deps, views);
      const response = { 200: z.union([z.array(item), ZPage(item)]) };
      app.get(
        path,
        { schema: { querystring: query, response }, preValidation: requireUser },
        async (request, reply) => {
          const params = request.query as Record<string, unknown>;
          return asksForPage(params)
            ? ownClientList(deps, request, reply, pages, (own: number) => page(deps, own, params), EMPTY_PAGE)
            : ownClientList(deps, request, reply, kept, (own: number) => whole(deps, own), []);
        },
      );
      app.get(
        `${path}/:clientId`,
        {
          schema: { params: ZClientIdOnlyParams, querystring: query, response },
          preValidation: requireAdmin,
        },
        async (request) => {
          const { clientId } = request.params;
          if (!(await clientById(deps, clientId))) throw notFound('Client not found');
          const params = request.query as Record<string, unknown>;
          return asksForPage(params) ? page(deps, clientId, params) : whole(deps, clientId);
        },
      );
    }
  };
}
