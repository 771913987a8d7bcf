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
import { credentialsByEmail, credentialsById } from '../auth/credentials.ts';
import { actorOf, bearerToken, guards, userForToken } from '../auth/guard.ts';
import { dummyPasswordHash, verifyPassword } from '../auth/secrets.ts';
import { openSession, revokeSession } from '../auth/sessions.ts';
import type { AppDeps } from '../platform/deps.ts';
import { invalid, notFound, unauthorized } from '../platform/errors.ts';
import { changePassword, createUser, issueTemporaryPassword, recordLogin, recordLogout } from './commands.ts';
import { toUserDto, userById } from './queries.ts';

const LOGIN_FAILED = 'Invalid email or password.';

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
      async (request) => {
        const { email, password } = request.body;
        const creds = await credentialsByEmail(deps.db, email);
        // The same work and the same answer for an unknown e-mail and a wrong password.
        const ok = await verifyPassword(creds?.password_hash ?? (await dummyPasswordHash()), password);
        if (!creds || !ok) throw unauthorized(LOGIN_FAILED);
        const user = await userById(deps, creds.user_id);
        if (!user) throw unauthorized(LOGIN_FAILED);
        const token = await openSession(deps.db, creds.user_id, deps.config.SESSION_TTL_HOURS);
        await recordLogin(
          deps,
          { ...actorOf(request), id: user.id, role: user.role },
          user.id,
          creds.must_change_password,
        );
        return { token, user: toUserDto(user), needsPasswordChange: creds.must_change_password };
      },
    );

    app.get('/api/auth/user', async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const token = bearerToken(request);
      const user = token ? await userForToken(deps, token) : null;
      if (!user) throw unauthorized();
      const row = await userById(deps, user.id);
      if (!row) throw unauthorized();
      return toUserDto(row);
    });

    app.post(
      '/api/auth/change-password',
      { schema: { body: ZChangePasswordBody, response: { 200: ZSuccess } }, preValidation: requireSession },
      async (request) => {
        const user = request.user!;
        const creds = await credentialsById(deps.db, user.id);
        if (!creds || !(await verifyPassword(creds.password_hash, request.body.currentPassword))) {
          throw invalid('Current password is incorrect.', 'wrong_password');
        }
        if (request.body.newPassword === request.body.currentPassword) {
          throw invalid('New password must be different from the current password.', 'same_password');
        }
        await changePassword(deps, actorOf(request), user.id, request.body.newPassword, user.sessionHash);
        return { success: true as const, message: 'Password updated' };
      },
    );

    app.post('/api/auth/logout', { schema: { response: { 200: ZSuccess } } }, async (request) => {
      await signOut(request);
      return { success: true as const };
    });

    // Reached by browser navigation from the admin sidebar; the page clears its stored token first.
    app.get('/api/logout', async (request, reply) => {
      await signOut(request);
      return reply.redirect('/login');
    });

    async function signOut(request: Parameters<typeof bearerToken>[0] & Parameters<typeof actorOf>[0]) {
      const token = bearerToken(request);
      const user = token ? await userForToken(deps, token) : null;
      if (!token || !user) return;
      await revokeSession(deps, token);
      request.user = user;
      await recordLogout(deps, actorOf(request), user.id);
    }

    app.post(
      '/api/auth/generate-temp-password',
      {
        schema: { body: ZGenerateTempPasswordBody, response: { 200: ZGenerateTempPasswordResponse } },
        preValidation: requireAdmin,
      },
      async (request) => {
        const creds = await credentialsByEmail(deps.db, request.body.userEmail);
        if (!creds) throw notFound('No user with that email address.');
        const temporaryPassword = await issueTemporaryPassword(
          deps,
          actorOf(request),
          creds.user_id,
          request.user!.sessionHash,
        );
        return { temporaryPassword };
      },
    );

    app.post(
      '/api/auth/create-user',
      {
        schema: { body: ZCreateUserBody, response: { 201: ZCreateUserResponse } },
        preValidation: requireAdmin,
      },
      async (request, reply) => {
        const created = await createUser(deps, actorOf(request), request.body);
        return reply.code(201).send(created);
      },
    );
  };
}
