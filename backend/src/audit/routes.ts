import { auditAsksForPage, ZAuditPage, ZAuditQuery, ZAuditResponse } from '@app/contracts/api/audit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { guards } from '../auth/guard.ts';
import type { AppDeps } from '../platform/deps.ts';
import { auditTrail, pageAudit } from './queries.ts';

/**
 * The audit trail of one aggregate: who did what and when, newest first. A project's (`project-<id>`) also
 * holds the events of its documents (made, uploaded, signed, opened by the client, replaced, deleted): the
 * project's History. An account's (`user-<id>`) holds its sign-ins, sign-outs and mailed passwords
 * (`user-activity-<id>`) too.
 */
export function auditRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { requireAdmin } = guards(deps);
  return async (app) => {
    app.get(
      '/api/audit',
      {
        schema: {
          querystring: ZAuditQuery,
          response: { 200: z.union([ZAuditResponse, ZAuditPage]) },
        },
        preValidation: requireAdmin,
      },
      // With any of limit, cursor, q, type a page; with `stream` alone, the whole trail (the spec's).
      (request) =>
        auditAsksForPage(request.query)
          ? pageAudit(deps, request.query)
          : auditTrail(deps, request.query.stream),
    );
  };
}
