import type { Database } from './database.ts';
import type { HttpClient } from './http-client.ts';
import { sleep } from './shell.ts';

/**
 * After the load: waits (bounded) until `/readyz` answers 200, no job due is pending or running, and the views
 * have read the whole event log, so what is counted afterwards is what the system settled on.
 */
export async function settle(http: HttpClient, db: Database, boundMs: number) {
  const until = Date.now() + boundMs;
  let ready = false;
  let jobsDrained = false;
  let caughtUp = false;
  while (Date.now() < until) {
    ready = await http.call('GET', '/readyz', undefined, 2_000).then(
      (a) => a.status === 200,
      () => false,
    );
    const [jobs, behind] = await Promise.all([
      db
        .rows<{ n: number }>(`SELECT count(*) AS n FROM jobs WHERE status IN ('pending', 'running')
                 AND (run_at IS NULL OR run_at <= now())`)
        .then((r) => Number(r[0]?.n ?? 1))
        .catch(() => 1),
      // Every checkpoint (views and the job dispatcher) against the newest event in the log.
      db
        .rows<{ n: number }>(
          `SELECT count(*) AS n FROM projection_checkpoints c,
             (SELECT transaction_id::text::numeric AS t, global_position AS g FROM es_events
              ORDER BY transaction_id DESC, global_position DESC LIMIT 1) e
           WHERE (c.position_commit, c.position_prepare) < (e.t, e.g)`,
        )
        .then((r) => Number(r[0]?.n ?? 1))
        .catch(() => 1),
    ]);
    jobsDrained = jobs === 0;
    caughtUp = behind === 0;
    if (ready && jobsDrained && caughtUp) break;
    await sleep(500);
  }
  return { ready, jobsDrained, caughtUp };
}
