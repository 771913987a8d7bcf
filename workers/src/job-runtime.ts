import { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { JobLogger } from './jobs/attempt.ts';
import { jobDefinitions, type WorkerDeps } from './jobs/definitions.ts';
import type { Mailer } from './mail/mailer.ts';
import { JOB_DISPATCHER } from './process-manager.ts';
import { JobPump, type PumpOptions } from './pump.ts';
import { createQueues, defaultRetry, type RetryPolicy, startJobWorkers } from './queues.ts';
import { throttledWarn } from './throttled-log.ts';

export interface JobRuntimeOptions extends PumpOptions {
  retry?: RetryPolicy;
  /** false: the handlers wait for `startHandlers()` (tests that act between enqueueing and running). */
  runHandlers?: boolean;
}

const bounded = (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise.catch(() => undefined), new Promise((r) => setTimeout(r, ms).unref())]);

const throttled = (log: JobLogger, what: string) =>
  throttledWarn(log, `${what}: connection error (retrying)`);

/**
 * The workers' side of jobs: the pump that puts recorded jobs on BullMQ, and the handlers that run them. Its
 * Redis connections never crash the process: errors are logged, and the pump's connection fails fast while
 * Redis is down (no offline queue) instead of holding calls.
 */
export function startJobRuntime(args: {
  // biome-ignore lint/suspicious/noExplicitAny: the jobs table is written with raw SQL
  db: Kysely<any>;
  redisUrl: string;
  prefix: string;
  mailer: Mailer;
  log: JobLogger;
  deps: WorkerDeps;
  options?: JobRuntimeOptions;
}) {
  const { db, log, prefix, options = {} } = args;
  const retry = options.retry ?? defaultRetry;
  const queueRedis = new Redis(args.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
  queueRedis.on('error', throttled(log, 'job queues'));
  const workerRedis = new Redis(args.redisUrl, { maxRetriesPerRequest: null });
  workerRedis.on('error', throttled(log, 'job workers'));

  const queues = createQueues(queueRedis, prefix, jobDefinitions, retry);
  for (const q of queues.values()) q.on('error', throttled(log, `queue ${q.name}`));
  const env = { db, mailer: args.mailer, log, maxAttempts: retry.attempts };
  const workers = startJobWorkers(workerRedis, prefix, jobDefinitions, env, args.deps, {
    autorun: options.runHandlers ?? true,
  });
  for (const w of workers) w.on('error', throttled(log, `worker ${w.name}`));

  const pump = new JobPump(db, queues, log, options);
  pump.start();
  /** Projections some job waits for: their commits may make a recorded job ready to enqueue. */
  const waitedFor = new Set(jobDefinitions.flatMap((d) => d.waitsFor ?? []));
  return {
    pump,
    /** Wakes the pump when the dispatcher recorded jobs, or a projection some job waits for moved on. */
    onProjectionChange(notice: { projection: string; changed: number }) {
      if (notice.projection === JOB_DISPATCHER.name) {
        if (notice.changed > 0) pump.jobsRecorded();
      } else if (waitedFor.has(notice.projection)) pump.projectionMoved();
    },
    startHandlers() {
      for (const w of workers)
        if (!w.isRunning()) void w.run().catch((err) => log.error({ err }, 'worker stopped'));
    },
    /** Stops taking jobs; a running attempt gets a few seconds (with Redis down, closing would wait forever). */
    async stop() {
      await pump.stop();
      await bounded(Promise.all(workers.map((w) => w.close())), 10_000);
      await bounded(Promise.all([...queues.values()].map((q) => q.close())), 2_000);
      queueRedis.disconnect();
      workerRedis.disconnect();
    },
  };
}
export type JobRuntime = ReturnType<typeof startJobRuntime>;
