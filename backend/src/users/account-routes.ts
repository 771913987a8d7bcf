import {
  ZChangePasswordBody,
  ZGenerateTempPasswordBody,
  ZGenerateTempPasswordResponse,
  ZLoginBody,
  ZLoginResponse,
  ZSuccess,
} from '@app/contracts/api/auth';
import { ZCreateUserBody, ZCreateUserResponse } from '@app/contracts/api/users';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FAILED_ATTEMPTS_REDIS_TIMEOUT_MS,
  failedAttempts,
  type TakeAttempt,
} from '../auth/failed-attempts.ts';
import { actorOf, bearerToken, guards, userForToken } from '../auth/guard.ts';
import type { AppDeps } from '../platform/deps.ts';
import { unauthorized } from '../platform/errors.ts';
import { accountIdByEmail, changePassword, createUser, issueTemporaryPassword } from './commands.ts';
import { signIn, signOut, tooManyFailures } from './sign-in.ts';

/**
 * Runs one password attempt of an account, refused while it has failed too often (429 with the time to wait in
 * Retry-After). `attempt` is told when the password was wrong; any other outcome uses nothing up.
 */
async function limited<T>(
  take: TakeAttempt,
  request: FastifyRequest,
  reply: FastifyReply,
  attempt: (failed: () => Promise<void>) => Promise<T>,
): Promise<T> {
  const taken = await take(request);
  if ('wait' in taken) {
    void reply.header('retry-after', String(taken.wait));
    throw tooManyFailures(taken.wait);
  }
  let failed = false;
  try {
    return await attempt(async () => {
      failed = true;
    });
  } finally {
    await taken.settle(failed);
  }
}

/**
 * `/api/auth/*`: signing in and out, one's own account and password, and the admin's account actions.
 * Password attempts are limited per address (every attempt) and per account (failures: 5 in 15 minutes, for
 * an unknown e-mail as for a known one, so the answer tells nothing about which exist).
 */
export function accountRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { requireSession, requireAdmin } = guards(deps);
  const perAddress = { rateLimit: { max: deps.config.LOGIN_RATE_LIMIT, timeWindow: '1 minute' } };
  return async (app) => {
    // Queues while (re)connecting, so the first attempts after a start are counted too; Redis down: fails open.
    const counter = deps.redis.duplicate({
      maxRetriesPerRequest: 0,
      commandTimeout: FAILED_ATTEMPTS_REDIS_TIMEOUT_MS,
    });
    counter.on('error', () => undefined); // reconnects by itself; each refused command is logged
    app.addHook('onClose', async () => counter.disconnect());
    const namespace = deps.config.REDIS_NAMESPACE;
    const signInAttempt = failedAttempts(counter, namespace, app.log, 'sign-in', (request) =>
      String((request.body as { email?: unknown } | undefined)?.email ?? '')
        .trim()
        .toLowerCase(),
    );
    const passwordAttempt = failedAttempts(counter, namespace, app.log, 'password', (request) =>
      String(request.user?.id),
    );

    app.post(
      '/api/auth/login',
      { schema: { body: ZLoginBody, response: { 200: ZLoginResponse } }, config: perAddress },
      async (request, reply) =>
        limited(signInAttempt, request, reply, (failed) =>
          signIn(deps, actorOf(request), request.body, failed),
        ),
    );

    // The signed-in account as its session has it (credentials and sessions: never behind the events).
    app.get('/api/auth/user', async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const token = bearerToken(request);
      const user = token ? await userForToken(deps, token) : null;
      if (!user) throw unauthorized();
      const { id, email, firstName, lastName, role, createdAt } = user;
      return { id, email, firstName, lastName, role, createdAt };
    });

    // The session that changes the password stays signed in and free to work: the web app goes on with it
    // after a forced change, with no second sign-in to count against the limits.
    app.post(
      '/api/auth/change-password',
      {
        schema: { body: ZChangePasswordBody, response: { 200: ZSuccess } },
        preValidation: requireSession,
        config: perAddress,
      },
      async (request, reply) => {
        const { id, sessionHash } = request.user!;
        await limited(passwordAttempt, request, reply, (failed) =>
          changePassword(deps, actorOf(request), id, request.body, sessionHash, failed),
        );
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
