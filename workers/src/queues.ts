import { DelayedError, type Job, Queue, UnrecoverableError, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { type AttemptEnv, runAttempt } from './jobs/attempt.ts';
import type { AnyJobDefinition } from './jobs/define.ts';

/** Retries and back-off of every job, set once. Attempts are counted in Postgres, so a Redis loss resets nothing. */
export interface RetryPolicy {
  attempts: number;
  backoffMs: number;
}
export const defaultRetry: RetryPolicy = { attempts: 5, backoffMs: 5_000 };

/** How long a job waits when another attempt of it is still running (BullMQ lost that one's lock). */
const BUSY_DELAY_MS = 2_000;

/**
 * One BullMQ queue per queue name the jobs use. Finished jobs leave Redis at once: their outcome is in the
 * `jobs` table, which also keeps a finished job from being enqueued again.
 */
export function createQueues(
  connection: Redis,
  prefix: string,
  definitions: readonly AnyJobDefinition[],
  retry: RetryPolicy,
) {
  const defaultJobOptions = {
    attempts: retry.attempts,
    backoff: { type: 'exponential' as const, delay: retry.backoffMs },
    removeOnComplete: true,
    removeOnFail: true,
  };
  const names = [...new Set(definitions.map((d) => d.queue))];
  return new Map(names.map((name) => [name, new Queue(name, { connection, prefix, defaultJobOptions })]));
}
export type Queues = ReturnType<typeof createQueues>;

/** Runs the job handlers: each BullMQ job is one attempt of the `jobs` row with the same id. */
export function startJobWorkers(
  connection: Redis,
  prefix: string,
  definitions: readonly AnyJobDefinition[],
  env: AttemptEnv,
  deps: unknown,
  options: { autorun?: boolean } = {},
) {
  const names = [...new Set(definitions.map((d) => d.queue))];
  return names.map(
    (name) =>
      new Worker(
        name,
        async (job: Job, token?: string) => {
          const def = definitions.find((d) => d.id === job.name);
          if (!def || !job.id) throw new UnrecoverableError(`Unknown job ${job.name}`);
          const result = await runAttempt(env, def, job.id, deps);
          switch (result.kind) {
            case 'busy':
              // Not an attempt: wait for the running one without spending a retry.
              await job.moveToDelayed(Date.now() + BUSY_DELAY_MS, token);
              throw new DelayedError();
            case 'failed':
              if (result.parked) throw new UnrecoverableError(String(result.error));
              throw result.error;
            case 'skipped':
              // A job with no row was queued by a version that kept jobs only in Redis: nothing records it.
              if (result.status === null)
                env.log.warn({ jobId: job.id, job: job.name }, 'job without a row skipped');
              return result;
            default:
              return result;
          }
        },
        {
          connection,
          prefix,
          concurrency: 2,
          autorun: options.autorun ?? true,
          // After Redis was away, look for jobs again within a second (BullMQ's default waits 15 s per try).
          runRetryDelay: 1000,
        },
      ),
  );
}
