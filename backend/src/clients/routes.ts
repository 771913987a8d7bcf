import { ZAccepted } from '@app/contracts/api/accepted';
import {
  ZClient,
  ZClientIdParams,
  ZClientsPage,
  ZClientsQuery,
  ZCreateEntryBody,
  ZCreateEntryResponse,
  ZEntryAccepted,
  ZUpdateClientBody,
} from '@app/contracts/api/clients';
import { asksForPage } from '@app/contracts/api/paging';
import { etagOf, ZIfMatchHeaders } from '@app/contracts/api/versions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, guards } from '../auth/guard.ts';
import { answerAfter } from '../platform/answer.ts';
import type { AppDeps } from '../platform/deps.ts';
import { notFound } from '../platform/errors.ts';
import { createOnce } from '../platform/idempotency.ts';
import { keptPages } from '../platform/kept-pages.ts';
import { createUser } from '../users/commands.ts';
import { toUserDto, userById } from '../users/queries.ts';
import { changeClient, registerNewClient, splitName } from './commands.ts';
import { clientStream } from './decide.ts';
import { clientById, clientIdForUser, listClients, pageClients } from './queries.ts';

export function clientRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { requireUser, requireAdmin } = guards(deps);
  const pages = keptPages(deps, ['clients', 'projects', 'users']);
  return async (app) => {
    // With any query (limit, cursor, q, sort) a page of the Clients view's rows; without, every client.
    app.get(
      '/api/clients',
      {
        schema: {
          querystring: ZClientsQuery,
          response: { 200: z.union([z.array(ZClient), ZClientsPage]) },
        },
        preValidation: requireAdmin,
      },
      async (request, reply) =>
        asksForPage(request.query)
          ? pages(request, reply, 'all', () => pageClients(deps, request.query))
          : listClients(deps),
    );

    app.get(
      '/api/clients/me',
      { schema: { response: { 200: ZClient } }, preValidation: requireUser },
      async (request, reply) => {
        const id = await clientIdForUser(deps, request.user!.id);
        const client = id === null ? undefined : await clientById(deps, id);
        if (!client) throw notFound('No client record is linked to your account.');
        return reply.header('etag', etagOf(client.version)).send(client);
      },
    );

    // A client may read their own record; any other id answers 404 so ids cannot be probed.
    app.get(
      '/api/clients/:id',
      { schema: { params: ZClientIdParams, response: { 200: ZClient } }, preValidation: requireUser },
      async (request, reply) => {
        const user = request.user!;
        const client = await clientById(deps, request.params.id);
        if (!client || (user.role !== 'admin' && client.userId !== user.id))
          throw notFound('Client not found');
        return reply.header('etag', etagOf(client.version)).send(client);
      },
    );

    app.post(
      '/api/clients',
      {
        schema: { body: ZCreateEntryBody, response: { 201: ZCreateEntryResponse, 202: ZEntryAccepted } },
        preValidation: requireAdmin,
      },
      async (request, reply) => {
        const { userType, portalAccess, ...details } = request.body;
        const actor = actorOf(request);
        if (userType === 'user') {
          const account = { email: details.email, ...splitName(details.name), role: 'user' as const };
          const { user, temporaryPassword } = await createUser(deps, actor, account);
          return reply.code(201).send({ client: null, user, temporaryPassword });
        }
        const made = await createOnce(deps, request, {
          sequence: 'client_ids',
          stream: clientStream,
          create: (clientId, idFor) =>
            registerNewClient(deps, actor, clientId, details, portalAccess ? () => idFor('user_ids') : null),
          // The temporary password went out with the first answer (and by mail): a repeat does not show it.
          repeated: (clientId, outcome) => ({ clientId, userId: null, temporaryPassword: null, outcome }),
        });
        return answerAfter(reply, made.outcome, {
          status: 201,
          id: made.id,
          notFoundMessage: 'Client not found',
          read: async () => {
            const client = await clientById(deps, made.id);
            const userId = client?.userId ?? made.userId;
            const user = userId === null ? null : await userById(deps, userId);
            if (!client || (userId !== null && !user)) return null;
            return { client, user: user && toUserDto(user), temporaryPassword: made.temporaryPassword };
          },
          extra: { userId: made.userId, temporaryPassword: made.temporaryPassword },
        });
      },
    );

    app.put(
      '/api/clients/:id',
      {
        schema: {
          params: ZClientIdParams,
          headers: ZIfMatchHeaders,
          body: ZUpdateClientBody,
          response: { 200: ZClient, 202: ZAccepted },
        },
        preValidation: requireAdmin,
      },
      async (request, reply) => {
        const { id } = request.params;
        const outcome = await changeClient(
          deps,
          actorOf(request),
          id,
          request.body,
          request.headers['if-match'],
        );
        return answerAfter(reply, outcome, {
          id,
          read: () => clientById(deps, id),
          notFoundMessage: 'Client not found',
        });
      },
    );
  };
}
