import type { TReadiness, TReadinessReport } from '@app/contracts/api/health';
import { projections } from '@app/projections/registry';
import {
  describeHeldBack,
  projectionProblems,
  projectionStatus,
  type ReadersHeldBack,
  readersHeldBack,
} from '@app/projections/runtime/status';
import { sql } from 'kysely';
import type { AppDeps } from '../platform/deps.ts';

/** Each check's own limit, so that readiness is answered within a second whatever is down. */
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

/** Ready when every check is ok; parked events alone leave every view current but one event short. */
export function readinessStatus(checks: TReadinessReport['checks']): TReadinessReport['status'] {
  const failing = Object.values(checks).filter((v) => v !== 'ok').length;
  if (failing === 0) return 'ready';
  const onlyParked = failing === 1 && /^parked events in: [^;]*$/.test(checks.projections);
  return onlyParked ? 'degraded' : 'not ready';
}

/** What anyone may be told: the state and which dependency fails, never why. */
export function publicReadiness(report: TReadinessReport): TReadiness {
  const checks = Object.fromEntries(
    Object.entries(report.checks).map(([name, result]) => [name, result === 'ok' ? 'ok' : 'failing']),
  ) as TReadiness['checks'];
  return { status: report.status, checks };
}

/** Every dependency checked at once, with the reasons (for admins and the ops command's readers). */
export async function readinessReport(deps: AppDeps): Promise<TReadinessReport> {
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
  const held = heldBack as ReadersHeldBack | null;
  return {
    status: readinessStatus(checks),
    checks,
    lagSeconds: lag,
    ...(Object.keys(parked).length > 0 ? { parked } : {}),
    ...(held ? { heldBack: { ...held, description: describeHeldBack(held) } } : {}),
  };
}
