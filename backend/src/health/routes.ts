import { ZReadiness, ZReadinessReport } from '@app/contracts/api/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { guards } from '../auth/guard.ts';
import type { AppDeps } from '../platform/deps.ts';
import { publicReadiness, readinessReport } from './readiness.ts';

/**
 * `/healthz` (the process is up) and `/readyz` (it can serve: 200, or 503 naming the failing dependency) for
 * anyone; the reasons, which name other sessions' SQL, process ids and views, only at `/api/ops/readiness`
 * for admins (and `npm run projections -- status` for operators).
 */
export function healthRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { requireAdmin } = guards(deps);
  return async (app) => {
    app.get(
      '/healthz',
      { schema: { response: { 200: z.object({ status: z.literal('ok') }) } } },
      async () => ({
        status: 'ok' as const,
      }),
    );

    app.get(
      '/readyz',
      { schema: { response: { 200: ZReadiness, 503: ZReadiness } } },
      async (_request, reply) => {
        const report = await readinessReport(deps);
        return reply.code(report.status === 'ready' ? 200 : 503).send(publicReadiness(report));
      },
    );

    // Answered 200 whatever it says: the report is what was asked for; its status says ready or not.
    app.get(
      '/api/ops/readiness',
      { schema: { response: { 200: ZReadinessReport } }, preValidation: requireAdmin },
      async () => readinessReport(deps),
    );
  };
}
