import {
  ZCreateAdminBody,
  ZCreateUserResponse,
  ZDeleteUserResponse,
  ZRoleBody,
  ZUser,
  ZUserEmailParams,
  ZUserIdParams,
} from '@app/contracts/api/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, guards } from '../auth/guard.ts';
import type { AppDeps } from '../platform/deps.ts';
import { notFound } from '../platform/errors.ts';
import { accountRoutes } from './account-routes.ts';
import { accountIdByEmail, changeRole, createUser, deleteUser } from './commands.ts';
import { listUsers, toUserDto, userById } from './queries.ts';

/** The users slice's routes: `/api/auth/*` (accounts and sign-in) and the admin's `/api/users/*`. */
export function userRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(accountRoutes(deps));
    await app.register(adminUserRoutes(deps));
  };
}

function adminUserRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { requireAdmin } = guards(deps);
  return async (app) => {
    app.addHook('preValidation', requireAdmin);

    app.get('/api/users', { schema: { response: { 200: z.array(ZUser) } } }, () => listUsers(deps));
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
      { schema: { params: ZUserIdParams, body: ZRoleBody, response: { 200: ZUser } } },
      async (request) => {
        await changeRole(deps, actorOf(request), request.params.id, request.body.role);
        const user = await userById(deps, request.params.id);
        if (!user) throw notFound('User not found');
        return toUserDto(user);
      },
    );

    app.put(
      '/api/users/email/:email/role',
      { schema: { params: ZUserEmailParams, body: ZRoleBody, response: { 200: ZUser } } },
      async (request) => {
        const userId = await accountIdByEmail(deps, request.params.email);
        await changeRole(deps, actorOf(request), userId, request.body.role);
        const user = await userById(deps, userId);
        if (!user) throw notFound('User not found');
        return toUserDto(user);
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
