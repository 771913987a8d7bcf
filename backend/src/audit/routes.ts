import { ZAuditQuery, ZAuditResponse } from '@app/contracts/api/audit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guards } from '../auth/guard.ts';
import type { AppDeps } from '../platform/deps.ts';

/** The audit trail of one aggregate: who did what and when, newest first. */
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
            'u.name',
          ])
          .where('a.stream', '=', request.query.stream)
          .orderBy('a.revision', 'desc')
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
        }));
      },
    );
  };
}
