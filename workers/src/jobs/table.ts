import type { StoredEvent } from '@app/contracts/events/envelope';
import { type Kysely, sql } from 'kysely';
import { type AnyJobDefinition, jobIdFor } from './define.ts';

/**
 * The jobs every event started, with their outcome: the source of truth for jobs (Redis only carries the ones
 * in flight). `pending` waits to run (new, or between retries); `running` has an attempt recorded without an
 * outcome; `done` has its outcome; `parked` exhausted its retries; `review` was interrupted after it may have
 * sent mail that cannot be sent idempotently. An operator retries `parked` and `review` jobs.
 */
export const jobsTableSql = `
CREATE TABLE jobs (
  id text PRIMARY KEY,
  name text NOT NULL,
  version integer NOT NULL,
  queue text NOT NULL,
  payload jsonb NOT NULL,
  event_id uuid NOT NULL,
  event_stream text NOT NULL,
  event_position_commit numeric NOT NULL,
  event_position_prepare numeric NOT NULL,
  waits_for text[] NOT NULL DEFAULT '{}',
  status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'running', 'done', 'parked', 'review')),
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  enqueued_at timestamptz,
  attempt_started_at timestamptz,
  finished_at timestamptz,
  outcome jsonb
);
CREATE INDEX jobs_open ON jobs (id) WHERE status IN ('pending', 'running');
CREATE INDEX jobs_stuck ON jobs (status) WHERE status IN ('parked', 'review');`;

export const JOB_STATUSES = ['pending', 'running', 'done', 'parked', 'review'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

// biome-ignore lint/suspicious/noExplicitAny: the jobs table is written with raw SQL from any schema-bound kysely
type Db = Kysely<any>;

/** The row an event starts for a job definition (the payload is checked against the job's schema here). */
export function jobRowFor(def: AnyJobDefinition, event: StoredEvent) {
  return {
    id: jobIdFor(def.id, event.id),
    name: def.id,
    version: def.version,
    queue: def.queue,
    // The dispatcher hands each definition only events of its `startedBy` type.
    payload: def.payload.parse(def.payloadFor(event.data as never, event)),
    event_id: event.id,
    event_stream: event.streamName,
    pc: event.position.commit.toString(),
    pp: event.position.prepare.toString(),
    waits_for: def.waitsFor ?? [],
    run_at: def.runAt?.(event.data as never, event)?.toISOString() ?? null,
  };
}

/** When a job is due: its first run waits until `run_at` (see `JobDefinition.runAt`). */
export const jobsRunAtSql = 'ALTER TABLE jobs ADD COLUMN run_at timestamptz;';

/** Inserts the jobs of a batch; a job already there (a replayed event) stays as it is. */
export async function insertJobs(db: Db, rows: ReturnType<typeof jobRowFor>[]) {
  if (rows.length === 0) return 0;
  const result = await sql`
    INSERT INTO jobs (id, name, version, queue, payload, event_id, event_stream, event_position_commit,
      event_position_prepare, waits_for, run_at)
    SELECT id, name, version, queue, payload, event_id::uuid, event_stream, pc::numeric, pp::numeric,
      ARRAY(SELECT jsonb_array_elements_text(waits_for)), run_at
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(id text, name text, version integer,
      queue text, payload jsonb, event_id text, event_stream text, pc text, pp text, waits_for jsonb,
      run_at timestamptz)
    ON CONFLICT (id) DO NOTHING`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

export interface JobToEnqueue {
  id: string;
  name: string;
  queue: string;
  payload: unknown;
  /** Milliseconds until the job is due (0: now). */
  delay_ms: number;
  /** Every projection the job waits for has passed its event: it may go on a queue. */
  ready: boolean;
}

/**
 * Jobs to put on the queues (in batches, by id), each saying whether every projection it waits for has passed
 * its event yet (only those go on a queue). `fresh`: pending jobs never enqueued; otherwise every job without
 * an outcome (the reconcile, which refills a Redis that lost them: adding a job id still queued does nothing).
 */
export async function jobsToEnqueue(db: Db, mode: 'fresh' | 'all', after: string, limit: number) {
  const { rows } = await sql<JobToEnqueue>`
    SELECT id, name, queue, payload,
      greatest(0, ceil(extract(epoch FROM (coalesce(run_at, now()) - now())) * 1000))::float8 AS delay_ms,
      NOT EXISTS (
        SELECT 1 FROM unnest(j.waits_for) AS w(name)
        WHERE NOT EXISTS (
          SELECT 1 FROM projection_checkpoints c WHERE c.name = w.name AND c.target = 'live'
            AND (c.position_commit, c.position_prepare) >= (j.event_position_commit, j.event_position_prepare))
      ) AS ready
    FROM jobs j
    WHERE ${mode === 'fresh' ? sql`j.status = 'pending' AND j.enqueued_at IS NULL` : sql`j.status IN ('pending', 'running')`}
      AND j.id > ${after}
    ORDER BY j.id LIMIT ${limit}`.execute(db);
  return rows;
}

export async function markEnqueued(db: Db, ids: readonly string[]) {
  await sql`UPDATE jobs SET enqueued_at = now() WHERE id = ANY(${ids}::text[]) AND enqueued_at IS NULL`.execute(
    db,
  );
}

export interface JobRow {
  id: string;
  name: string;
  version: number;
  status: JobStatus;
  attempts: number;
  last_error: string | null;
  event_id: string;
  event_stream: string;
  event_position: string;
  created_at: Date;
  enqueued_at: Date | null;
  attempt_started_at: Date | null;
  finished_at: Date | null;
  outcome: Record<string, unknown> | null;
}

const rowColumns = sql`id, name, version, status, attempts, last_error, event_id::text, event_stream,
  event_position_commit || '/' || event_position_prepare AS event_position, created_at, enqueued_at,
  attempt_started_at, finished_at, outcome`;

/**
 * Jobs of the given statuses (default: all but done), oldest first (jobs recorded in one batch share a
 * created_at: then in the order of their events): what `npm run jobs -- list` shows.
 */
export async function listJobs(
  db: Db,
  statuses: readonly JobStatus[] = ['pending', 'running', 'parked', 'review'],
  limit = 200,
) {
  const { rows } = await sql<JobRow>`
    SELECT ${rowColumns} FROM jobs WHERE status = ANY(${statuses}::text[])
    ORDER BY created_at, event_position_commit, event_position_prepare, id LIMIT ${limit}`.execute(db);
  return rows;
}

export async function findJob(db: Db, id: string) {
  const { rows } = await sql<JobRow>`SELECT ${rowColumns} FROM jobs WHERE id = ${id}`.execute(db);
  return rows[0] ?? null;
}

/** How many jobs are in each status (every status present, zero or not), for status screens. */
export async function jobCounts(db: Db): Promise<Record<JobStatus, number>> {
  const { rows } = await sql<{ status: JobStatus; n: number }>`
    SELECT status, count(*)::int AS n FROM jobs GROUP BY status`.execute(db);
  const counts = Object.fromEntries(JOB_STATUSES.map((s) => [s, 0])) as Record<JobStatus, number>;
  for (const r of rows) counts[r.status] = r.n;
  return counts;
}

/** A line for status screens when jobs need an operator (parked or review), else null. */
export async function jobsNeedingAttention(db: Db) {
  const counts = await jobCounts(db);
  if (counts.parked + counts.review === 0) return null;
  return `jobs needing attention: ${counts.parked} parked, ${counts.review} for review (npm run jobs -- list)`;
}

/**
 * Runs parked or review jobs again from scratch: an operator's decision, so an attempt recorded without an
 * outcome no longer holds the mail back. The workers enqueue them within seconds. Answers the ids retried.
 */
export async function retryJobs(db: Db, which: { id: string } | 'all-parked') {
  const { rows } = await sql<{ id: string }>`
    UPDATE jobs SET status = 'pending', attempts = 0, attempt_started_at = NULL, enqueued_at = NULL,
      finished_at = NULL
    WHERE ${which === 'all-parked' ? sql`status = 'parked'` : sql`id = ${which.id} AND status IN ('parked', 'review')`}
    RETURNING id`.execute(db);
  return rows.map((r) => r.id);
}
