import { ZAccepted } from '@app/contracts/api/accepted';
import { asksForPage } from '@app/contracts/api/paging';
import {
  ZCreateAdminBody,
  ZCreateUserResponse,
  ZDeleteUserResponse,
  ZRoleBody,
  ZUser,
  ZUserEmailParams,
  ZUserIdParams,
  ZUsersPage,
  ZUsersQuery,
} from '@app/contracts/api/users';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, guards } from '../auth/guard.ts';
import { answerAfter } from '../platform/answer.ts';
import type { CommandOutcome } from '../platform/command.ts';
import type { AppDeps } from '../platform/deps.ts';
import { keptPages } from '../platform/kept-pages.ts';
import { accountRoutes } from './account-routes.ts';
import { accountIdByEmail, changeRole, createUser, deleteUser } from './commands.ts';
import { listUsers, pageUsers, toUserDto, userById } from './queries.ts';

/** The users slice's routes: `/api/auth/*` (accounts and sign-in) and the admin's `/api/users/*`. */
export function userRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(accountRoutes(deps));
    await app.register(adminUserRoutes(deps));
  };
}

function adminUserRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { requireAdmin } = guards(deps);
  /** A role change's answer: the account as the users view shows it, or 202 while the view is behind. */
  const answerRole = (reply: FastifyReply, outcome: CommandOutcome, userId: number) =>
    answerAfter(reply, outcome, {
      id: userId,
      read: async () => {
        const user = await userById(deps, userId);
        return user && toUserDto(user);
      },
      notFoundMessage: 'User not found',
    });
  const pages = keptPages(deps, ['users']);
  return async (app) => {
    app.addHook('preValidation', requireAdmin);

    // With any query (limit, cursor, q, kind, role) a page of the Users view; without, every account.
    app.get(
      '/api/users',
      { schema: { querystring: ZUsersQuery, response: { 200: z.union([z.array(ZUser), ZUsersPage]) } } },
      async (request, reply) =>
        asksForPage(request.query)
          ? pages(request, reply, 'all', () => pageUsers(deps, request.query))
          : listUsers(deps),
    );
    app.get('/api/users/admins', { schema: { response: { 200: z.array(ZUser) } } }, () =>
      listUsers(deps, 'admin'),
    );

    app.post(
      '/api/users/create-admin',
      { schema: { body: ZCreateAdminBody, response: { 201: ZCreateUserResponse } } },
      async (request, reply) => {
        const created = await createUser(deps, actorOf(request), { ...request.body, role: 'admin' });
        return reply.code(201).send(created);
      },
    );

    app.put(
      '/api/users/:id/role',
      { schema: { params: ZUserIdParams, body: ZRoleBody, response: { 200: ZUser, 202: ZAccepted } } },
      async (request, reply) =>
        answerRole(
          reply,
          await changeRole(deps, actorOf(request), request.params.id, request.body.role),
          request.params.id,
        ),
    );

    app.put(
      '/api/users/email/:email/role',
      { schema: { params: ZUserEmailParams, body: ZRoleBody, response: { 200: ZUser, 202: ZAccepted } } },
      async (request, reply) => {
        const userId = await accountIdByEmail(deps, request.params.email);
        return answerRole(reply, await changeRole(deps, actorOf(request), userId, request.body.role), userId);
      },
    );

    app.delete(
      '/api/users/:id',
      { schema: { params: ZUserIdParams, response: { 200: ZDeleteUserResponse } } },
      async (request) => {
        await deleteUser(deps, actorOf(request), request.params.id);
        return { success: true as const };
      },
    );
  };
}
