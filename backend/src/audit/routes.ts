import { ZAuditQuery, ZAuditResponse } from '@app/contracts/api/audit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guards } from '../auth/guard.ts';
import type { AppDeps } from '../platform/deps.ts';

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
        schema: { querystring: ZAuditQuery, response: { 200: ZAuditResponse } },
        preValidation: requireAdmin,
      },
      async (request) => {
        const rows = await deps.rm
          .selectFrom('audit_log as a')
          .leftJoin('audit_actors as u', 'u.id', 'a.actor_id')
          .select([
            'a.event_id',
            'a.stream',
            'a.revision',
            'a.type',
            'a.occurred_at',
            'a.actor_id',
            'a.actor_role',
            'a.client_ip',
            'a.changes',
            'a.document_title',
            'u.name',
          ])
          .where((eb) => {
            const project = /^project-(\d+)$/.exec(request.query.stream);
            if (project) return eb('a.project_id', '=', Number(project[1]));
            // An account's trail holds its bookkeeping too (sign-ins, mails), kept in a stream of its own.
            const account = /^user-(\d+)$/.exec(request.query.stream);
            if (account) return eb('a.stream', 'in', [request.query.stream, `user-activity-${account[1]}`]);
            return eb('a.stream', '=', request.query.stream);
          })
          .orderBy('a.position', 'desc')
          .execute();
        return rows.map((r) => ({
          eventId: r.event_id,
          stream: r.stream,
          revision: Number(r.revision),
          type: r.type,
          occurredAt: new Date(r.occurred_at).toISOString(),
          actorId: r.actor_id,
          actorRole: r.actor_role,
          actorName: r.name,
          clientIp: r.client_ip,
          changes: r.changes,
          documentTitle: r.document_title,
        }));
      },
    );
  };
}
