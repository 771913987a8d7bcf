import { positionFromString } from '@app/contracts/events/envelope';
import { type Kysely, sql } from 'kysely';
import type { Mailer } from '../mail/mailer.ts';
import type { AnyJobDefinition, JobContext } from './define.ts';

export interface JobLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface AttemptEnv {
  // biome-ignore lint/suspicious/noExplicitAny: the jobs table is written with raw SQL
  db: Kysely<any>;
  mailer: Mailer;
  log: JobLogger;
  /** Attempts (counted in Postgres, across Redis losses) before a job is parked. */
  maxAttempts: number;
}

export type AttemptResult =
  | { kind: 'done'; outcome: Record<string, unknown> }
  /** No such job, or it already has its outcome (a job re-added by the reconcile after it finished). */
  | { kind: 'skipped'; status: string | null }
  /** Another attempt of the same job is running right now (BullMQ lost its lock): try again later. */
  | { kind: 'busy' }
  | { kind: 'review'; reason: string }
  | { kind: 'failed'; error: unknown; parked: boolean };

/**
 * The job stops for a person to look at, with the reason (`review`, listed by `npm run jobs -- list`): the
 * previous attempt may have sent mail that the mailer cannot send idempotently, or a handler found something
 * only a person can settle (money Stripe took for a payment this app never asked for).
 */
export class NeedsReview extends Error {}

interface Claimed {
  attempts: number;
  payload: unknown;
  event_id: string;
  event_stream: string;
  event_position: string;
  outcome: { mail?: { messageId: string } } | null;
  previous_attempt_started_at: Date | null;
}

const message = (err: unknown) => (err instanceof Error ? (err.stack ?? err.message) : String(err));

/**
 * One attempt of a job, at most one at a time per job (a session advisory lock, released even if the process
 * dies). The attempt is recorded (`attempt_started_at`) before the handler runs and the outcome after; a
 * failure the handler reports clears the attempt, so only a crash or a lost connection leaves one recorded
 * without an outcome, and the next attempt then knows its mail may already be out.
 */
export async function runAttempt(
  env: AttemptEnv,
  def: AnyJobDefinition,
  jobId: string,
  deps: unknown,
): Promise<AttemptResult> {
  return env.db.connection().execute(async (conn) => {
    const key = `job:${jobId}`;
    const { rows: lock } = await sql<{
      ok: boolean;
    }>`SELECT pg_try_advisory_lock(hashtext(${key})) AS ok`.execute(conn);
    if (!lock[0]?.ok) return { kind: 'busy' as const };
    try {
      return await attempt({ ...env, db: conn }, def, jobId, deps);
    } finally {
      await sql`SELECT pg_advisory_unlock(hashtext(${key}))`.execute(conn).catch(() => undefined);
    }
  });
}

async function attempt(env: AttemptEnv, def: AnyJobDefinition, jobId: string, deps: unknown) {
  const { db, mailer, log } = env;
  const { rows } = await sql<Claimed>`
    WITH prev AS (SELECT id, attempt_started_at FROM jobs WHERE id = ${jobId} FOR UPDATE)
    UPDATE jobs j SET status = 'running', attempts = j.attempts + 1, attempt_started_at = now()
    FROM prev WHERE j.id = prev.id AND j.status IN ('pending', 'running')
    RETURNING j.attempts, j.payload, j.event_id::text, j.event_stream,
      j.event_position_commit || '/' || j.event_position_prepare AS event_position, j.outcome,
      prev.attempt_started_at AS previous_attempt_started_at`.execute(db);
  const job = rows[0];
  if (!job) {
    const { rows: found } = await sql<{
      status: string;
    }>`SELECT status FROM jobs WHERE id = ${jobId}`.execute(db);
    return { kind: 'skipped' as const, status: found[0]?.status ?? null };
  }
  const interrupted = job.previous_attempt_started_at;
  // True between a side effect and its record: a failure then leaves the attempt recorded, as a crash would.
  let unsettled = false;
  const ctx: JobContext = {
    jobId,
    event: { id: job.event_id, stream: job.event_stream, position: positionFromString(job.event_position) },
    async sendMail(mail) {
      if (job.outcome?.mail) return job.outcome.mail;
      if (interrupted && !mailer.idempotent) {
        throw new NeedsReview(
          `an attempt started at ${interrupted.toISOString()} ended without an outcome and may have sent this mail; not sent again`,
        );
      }
      unsettled = true;
      const sent = await mailer.send(mail, jobId);
      const recorded = { messageId: sent.messageId, to: mail.to };
      await sql`UPDATE jobs SET outcome = coalesce(outcome, '{}'::jsonb) || jsonb_build_object('mail', ${JSON.stringify(recorded)}::jsonb)
        WHERE id = ${jobId}`.execute(db);
      unsettled = false;
      return sent;
    },
  };
  try {
    const outcome = await def.handle(def.payload.parse(job.payload), ctx, deps);
    await sql`UPDATE jobs SET status = 'done', outcome = coalesce(outcome, '{}'::jsonb) || ${JSON.stringify(outcome)}::jsonb,
      last_error = NULL, finished_at = now() WHERE id = ${jobId}`.execute(db);
    return { kind: 'done' as const, outcome };
  } catch (err) {
    if (err instanceof NeedsReview) {
      await sql`UPDATE jobs SET status = 'review', last_error = ${err.message}, finished_at = now()
        WHERE id = ${jobId}`.execute(db);
      log.error(
        { jobId, job: def.id },
        `job needs review: ${err.message}; after checking, run npm run jobs -- retry ${jobId}`,
      );
      return { kind: 'review' as const, reason: err.message };
    }
    const parked = job.attempts >= env.maxAttempts;
    await sql`UPDATE jobs SET status = ${parked ? 'parked' : unsettled ? 'running' : 'pending'},
      last_error = ${message(err)}, finished_at = ${parked ? sql`now()` : sql`NULL`},
      attempt_started_at = ${unsettled ? sql`attempt_started_at` : sql`NULL`}
      WHERE id = ${jobId}`.execute(db);
    if (parked) log.error({ jobId, job: def.id, err }, `job parked after ${job.attempts} attempts`);
    else log.warn({ jobId, job: def.id, attempt: job.attempts, err }, 'job attempt failed; retrying later');
    return { kind: 'failed' as const, error: err, parked };
  }
}
