import { projections } from '@app/projections/registry';
import { projectionStatus } from '@app/projections/runtime/status';
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import type { AppDeps } from '../platform/deps.ts';

async function check(fn: () => Promise<unknown>) {
  try {
    await fn();
    return 'ok';
  } catch (err) {
    return err instanceof Error ? err.message : 'failed';
  }
}

export function healthRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    app.get('/healthz', async () => ({ status: 'ok' }));

    app.get('/readyz', async (_request, reply) => {
      const [database, eventStore, redis] = await Promise.all([
        check(() => sql`SELECT 1`.execute(deps.db)),
        check(() => deps.store.ping()),
        check(() => deps.redis.ping()),
      ]);
      let lag: Record<string, number> = {};
      const projectionsOk = await check(async () => {
        const status = await projectionStatus(deps.db, deps.store, projections);
        lag = Object.fromEntries(status.map((s) => [s.name, Math.round(s.lagSeconds * 10) / 10]));
        const slow = status.filter(
          (s) => s.tableVersion === null || s.lagSeconds > deps.config.READY_MAX_LAG_SECONDS,
        );
        if (slow.length > 0) throw new Error(`behind: ${slow.map((s) => s.name).join(', ')}`);
      });
      const checks = { database, eventStore, redis, projections: projectionsOk };
      const ready = Object.values(checks).every((v) => v === 'ok');
      return reply
        .code(ready ? 200 : 503)
        .send({ status: ready ? 'ready' : 'not ready', checks, lagSeconds: lag });
    });
  };
}
