import { projections } from '@app/projections/registry';
import {
  describeHeldBack,
  projectionProblems,
  projectionStatus,
  type ReadersHeldBack,
  readersHeldBack,
} from '@app/projections/runtime/status';
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import type { AppDeps } from '../platform/deps.ts';

/** Each check's own limit, so that /readyz answers within a second whatever is down. */
export const CHECK_TIMEOUT_MS = 800;

/** 'ok', or why not: the error's message, or a timeout. */
export async function check(fn: () => Promise<unknown>, timeoutMs = CHECK_TIMEOUT_MS): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`no answer within ${timeoutMs} ms`), timeoutMs);
  });
  const run = fn().then(
    () => 'ok',
    (err: unknown) => (err instanceof Error ? err.message : 'failed'),
  );
  try {
    return await Promise.race([run, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function healthRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    app.get('/healthz', async () => ({ status: 'ok' }));

    app.get('/readyz', async (_request, reply) => {
      let lag: Record<string, number> = {};
      let parked: Record<string, number> = {};
      let heldBack: ReadersHeldBack | null = null;
      const maxLag = deps.config.READY_MAX_LAG_SECONDS;
      const [database, eventStore, redis, projectionsOk] = await Promise.all([
        check(() => sql`SELECT 1`.execute(deps.db)),
        check(() => deps.store.ping()),
        // The jobs' client queues commands while disconnected: a ping would wait out the whole check.
        check(async () => {
          if (deps.redis.status !== 'ready') throw new Error(`Redis is ${deps.redis.status}`);
          await deps.redis.ping();
        }),
        check(async () => {
          const [status, held] = await Promise.all([
            projectionStatus(deps.db, deps.store, projections, { countLag: false }),
            readersHeldBack(deps.db, { eventsHere: deps.store.kind === 'postgres' }),
          ]);
          lag = Object.fromEntries(status.map((s) => [s.name, Math.round(s.lagSeconds * 10) / 10]));
          parked = Object.fromEntries(status.filter((s) => s.parked > 0).map((s) => [s.name, s.parked]));
          heldBack = held;
          const problems = projectionProblems(status, maxLag);
          // Events that readers cannot see yet are lag no checkpoint shows.
          if (held && held.events > 0 && held.seconds > maxLag)
            problems.push(`held back: ${describeHeldBack(held)}`);
          if (problems.length > 0) throw new Error(problems.join('; '));
        }),
      ]);
      const checks = { database, eventStore, redis, projections: projectionsOk };
      const failing = Object.values(checks).filter((v) => v !== 'ok').length;
      // Parked events alone leave every view current but one event short: degraded rather than down.
      const onlyParked = failing === 1 && /^parked events in: [^;]*$/.test(projectionsOk);
      const status = failing === 0 ? 'ready' : onlyParked ? 'degraded' : 'not ready';
      return reply.code(failing === 0 ? 200 : 503).send({
        status,
        checks,
        lagSeconds: lag,
        ...(Object.keys(parked).length > 0 ? { parked } : {}),
        ...(heldBack
          ? { heldBack: { ...(heldBack as ReadersHeldBack), description: describeHeldBack(heldBack) } }
          : {}),
      });
    });
  };
}
