import type { Database } from './database.ts';
import type { HttpClient } from './http-client.ts';
import type { Commands } from './load.ts';
import { sleep } from './shell.ts';

/** Seconds from a fault's end until each sign of health came back (null: not within the bound). */
export interface Recovery {
  ready: number | null;
  command: number | null;
  mail: number | null;
  /** The probe mail job's life, in seconds from the fault's end (for diagnosis when the mail was slow). */
  mailJob?: string;
}

/** Polls `check` until it holds; the seconds it took from `since`, or null past `boundMs`. */
async function until(since: number, boundMs: number, check: () => Promise<boolean>, everyMs = 250) {
  while (Date.now() - since < boundMs) {
    if (await check().catch(() => false)) return (Date.now() - since) / 1000;
    await sleep(everyMs);
  }
  return null;
}

/**
 * How long the system took to work again after a fault that ended at `since`: `/readyz` answers 200 on every
 * API process; a
 * probe command (a new client) answers 201 with the record, i.e. it round-tripped through the event log and
 * the read models; and a probe consultation's admin mail has been sent (its job is done).
 */
export async function measureRecovery(
  http: HttpClient,
  c: Commands,
  db: Database,
  since: number,
  boundMs: number,
) {
  // Every API process, not just one of them: the next fault may be the other's.
  const ready = until(since, boundMs, async () => {
    const answers = await Promise.all(
      http.bases.map((_, i) => http.via(i).call('GET', '/readyz', undefined, 2_000)),
    );
    return answers.every((a) => a.status === 200);
  });
  const command = until(
    since,
    boundMs,
    async () => {
      const r = await c.createClient('probe', false, true);
      return r.answerStatus === 201;
    },
    300,
  );
  let mailJob: string | undefined;
  const mail = (async () => {
    const probe = await c.requestConsultation('probe', true);
    if (probe.outcome !== 'acknowledged') return null;
    const job = () =>
      db.rows<{ status: string; life: string }>(
        `SELECT j.status, concat_ws(' ', 'created', round(extract(epoch FROM j.created_at) - $2, 1),
           'enqueued', round(extract(epoch FROM j.enqueued_at) - $2, 1),
           'attempt', round(extract(epoch FROM j.attempt_started_at) - $2, 1),
           'finished', round(extract(epoch FROM j.finished_at) - $2, 1), 'attempts', j.attempts,
           'error ' || left(j.last_error, 120)) AS life
         FROM jobs j JOIN rm.consultations c ON (j.payload->>'consultationId')::int = c.id
         WHERE c.email = $1 AND j.name = 'consultation.requested.mail'`,
        [probe.key, since / 1000],
      );
    const took = await until(since, boundMs, async () => (await job()).some((r) => r.status === 'done'));
    mailJob = await job().then(
      (rows) => rows.map((r) => `${r.status}: ${r.life}`).join('; ') || 'no job row',
      () => undefined,
    );
    return took;
  })();
  const [r, cmd, m] = await Promise.all([ready, command, mail]);
  // When the job dispatcher (in the workers process) recorded its first job after the fault.
  const first = await db
    .rows<{ s: string | null }>(
      'SELECT round(extract(epoch FROM min(created_at)) - $1, 1) AS s FROM jobs WHERE created_at >= to_timestamp($1)',
      [since / 1000],
    )
    .then(
      (rows) => rows[0]?.s,
      () => null,
    );
  if (first) mailJob = `${mailJob ?? ''} (first job recorded after the fault at ${first})`;
  return { ready: r, command: cmd, mail: m, mailJob } satisfies Recovery;
}

/** The slowest of the three, which is the recovery time; null when one never came back. */
export const recoverySeconds = (r: Recovery) =>
  r.ready === null || r.command === null || r.mail === null ? null : Math.max(r.ready, r.command, r.mail);
