import {
  ZClient,
  ZClientIdParams,
  ZCreateEntryBody,
  ZCreateEntryResponse,
  ZUpdateClientBody,
} from '@app/contracts/api/clients';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { actorOf, guards } from '../auth/guard.ts';
import { runCommand } from '../platform/command.ts';
import type { AppDeps } from '../platform/deps.ts';
import { conflict, notFound } from '../platform/errors.ts';
import { createUser } from '../users/commands.ts';
import { clientDecider, clientStream, registerClient, updateClient } from './decide.ts';
import { clientByEmail, clientById, clientIdForUser, listClients } from './queries.ts';

/** "Ada May Lovelace" → first name "Ada", last name "May Lovelace". */
const splitName = (name: string) => {
  const [firstName = name, ...rest] = name.split(/\s+/);
  return { firstName, lastName: rest.join(' ') };
};

export function clientRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { requireUser, requireAdmin } = guards(deps);
  return async (app) => {
    app.get(
      '/api/clients',
      { schema: { response: { 200: z.array(ZClient) } }, preValidation: requireAdmin },
      () => listClients(deps),
    );

    app.get(
      '/api/clients/me',
      { schema: { response: { 200: ZClient } }, preValidation: requireUser },
      async (request) => {
        const id = await clientIdForUser(deps, request.user!.id);
        const client = id === null ? undefined : await clientById(deps, id);
        if (!client) throw notFound('No client record is linked to your account.');
        return client;
      },
    );

    // A client may read their own record; any other id answers 404 so ids cannot be probed.
    app.get(
      '/api/clients/:id',
      { schema: { params: ZClientIdParams, response: { 200: ZClient } }, preValidation: requireUser },
      async (request) => {
        const user = request.user!;
        const client = await clientById(deps, request.params.id);
        if (!client || (user.role !== 'admin' && client.userId !== user.id))
          throw notFound('Client not found');
        return client;
      },
    );

    app.post(
      '/api/clients',
      {
        schema: { body: ZCreateEntryBody, response: { 201: ZCreateEntryResponse } },
        preValidation: requireAdmin,
      },
      async (request, reply) => {
        const { userType, portalAccess, ...details } = request.body;
        const actor = actorOf(request);
        const account = { email: details.email, ...splitName(details.name) };
        if (userType === 'user') {
          const { user, temporaryPassword } = await createUser(deps, actor, { ...account, role: 'user' });
          return reply.code(201).send({ client: null, user, temporaryPassword });
        }
        if (await clientByEmail(deps, details.email))
          throw conflict('A client with this email already exists.');
        const login = portalAccess ? await createUser(deps, actor, { ...account, role: 'client' }) : null;
        const { rows } = await sql<{ id: number }>`SELECT nextval('client_ids')::int AS id`.execute(deps.db);
        const clientId = rows[0]!.id;
        await runCommand(deps, clientStream(clientId), clientDecider, actor, (state) =>
          registerClient(state, { clientId, userId: login?.user.id ?? null, details }),
        );
        const client = await clientById(deps, clientId);
        return reply.code(201).send({
          client: client ?? null,
          user: login?.user ?? null,
          temporaryPassword: login?.temporaryPassword ?? null,
        });
      },
    );

    app.put(
      '/api/clients/:id',
      {
        schema: { params: ZClientIdParams, body: ZUpdateClientBody, response: { 200: ZClient } },
        preValidation: requireAdmin,
      },
      async (request) => {
        const { id } = request.params;
        if (!(await clientById(deps, id))) throw notFound('Client not found');
        const other = await clientByEmail(deps, request.body.email);
        if (other && other.id !== id) throw conflict('A client with this email already exists.');
        await runCommand(deps, clientStream(id), clientDecider, actorOf(request), (state) =>
          updateClient(state, request.body),
        );
        const client = await clientById(deps, id);
        if (!client) throw notFound('Client not found');
        return client;
      },
    );
  };
}
