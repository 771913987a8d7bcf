import { ZWsTicketResponse } from '@app/contracts/api/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../platform/deps.ts';
import { guards } from './guard.ts';
import { issueWsTicket, WS_TICKET_SECONDS } from './ws-tickets.ts';

/**
 * `/api/auth/ws-ticket`: a signed-in user (with a chosen password) asks for a one-time ticket and opens
 * `/ws?ticket=<ticket>` with it, so the session token itself never appears in an address.
 * Signing in, out and the account routes live in the users slice (`users/account-routes.ts`).
 */
export function authRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { requireUser } = guards(deps);
  return async (app) => {
    app.post(
      '/api/auth/ws-ticket',
      { schema: { response: { 200: ZWsTicketResponse } }, preValidation: requireUser },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store');
        const ticket = await issueWsTicket(deps.db, request.user!.sessionHash);
        return { ticket, expiresInSeconds: WS_TICKET_SECONDS };
      },
    );
  };
}
