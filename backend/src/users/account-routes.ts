import {
  ZChangePasswordBody,
  ZGenerateTempPasswordBody,
  ZGenerateTempPasswordResponse,
  ZLoginBody,
  ZLoginResponse,
  ZSuccess,
} from '@app/contracts/api/auth';
import { ZCreateUserBody, ZCreateUserResponse } from '@app/contracts/api/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, bearerToken, guards, userForToken } from '../auth/guard.ts';
import type { AppDeps } from '../platform/deps.ts';
import { unauthorized } from '../platform/errors.ts';
import { accountIdByEmail, changePassword, createUser, issueTemporaryPassword } from './commands.ts';
import { toUserDto, userById } from './queries.ts';
import { signIn, signOut } from './sign-in.ts';

/** `/api/auth/*`: signing in and out, one's own account and password, and the admin's account actions. */
export function accountRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { requireSession, requireAdmin } = guards(deps);
  return async (app) => {
    app.post(
      '/api/auth/login',
      {
        schema: { body: ZLoginBody, response: { 200: ZLoginResponse } },
        config: { rateLimit: { max: deps.config.LOGIN_RATE_LIMIT, timeWindow: '1 minute' } },
      },
      (request) => signIn(deps, actorOf(request), request.body),
    );

    app.get('/api/auth/user', async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const token = bearerToken(request);
      const user = token ? await userForToken(deps, token) : null;
      const row = user ? await userById(deps, user.id) : null;
      if (!row) throw unauthorized();
      return toUserDto(row);
    });

    app.post(
      '/api/auth/change-password',
      { schema: { body: ZChangePasswordBody, response: { 200: ZSuccess } }, preValidation: requireSession },
      async (request) => {
        const { id, sessionHash } = request.user!;
        await changePassword(deps, actorOf(request), id, request.body, sessionHash);
        return { success: true as const, message: 'Password updated' };
      },
    );

    app.post('/api/auth/logout', { schema: { response: { 200: ZSuccess } } }, async (request) => {
      await signOut(deps, actorOf(request), bearerToken(request));
      return { success: true as const };
    });

    // Reached by browser navigation from the admin sidebar; the page clears its stored token first.
    app.get('/api/logout', async (request, reply) => {
      await signOut(deps, actorOf(request), bearerToken(request));
      return reply.redirect('/login');
    });

    app.post(
      '/api/auth/generate-temp-password',
      {
        schema: { body: ZGenerateTempPasswordBody, response: { 200: ZGenerateTempPasswordResponse } },
        preValidation: requireAdmin,
      },
      async (request) => {
        const userId = await accountIdByEmail(deps, request.body.userEmail);
        const { sessionHash } = request.user!;
        return {
          temporaryPassword: await issueTemporaryPassword(deps, actorOf(request), userId, sessionHash),
        };
      },
    );

    app.post(
      '/api/auth/create-user',
      {
        schema: { body: ZCreateUserBody, response: { 201: ZCreateUserResponse } },
        preValidation: requireAdmin,
      },
      async (request, reply) => reply.code(201).send(await createUser(deps, actorOf(request), request.body)),
    );
  };
}
