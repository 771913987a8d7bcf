import type { Kysely } from 'kysely';
import type { JobLogger } from './jobs/attempt.ts';
import { jobsToEnqueue, markEnqueued } from './jobs/table.ts';
import type { Queues } from './queues.ts';
import { throttledWarn } from './throttled-log.ts';

export interface PumpOptions {
  /** How often recorded jobs are looked for besides the wake-ups (a missed wake-up costs at most this). */
  pollMs?: number;
  /** How often every job without an outcome is put on the queues again (a no-op for those still there). */
  reconcileMs?: number;
  /** A Redis call slower than this counts as failed (and is tried again on the next round). */
  redisTimeoutMs?: number;
}

const BATCH = 500;

const withTimeout = <T>(promise: Promise<T>, ms: number, what: string) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} took over ${ms} ms`)), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });

/**
 * Puts the jobs recorded in Postgres on the BullMQ queues, with the job's own id (adding an id still queued
 * does nothing). Woken after the dispatcher or a waited-for projection commits, and on a timer; every
 * `reconcileMs` it re-adds every job without an outcome, so jobs Redis lost (restarted empty, a lost lock)
 * run again. Postgres or Redis being down is logged and tried again on the next round: nothing waits on it.
 */
export class JobPump {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();
  private looping = false;
  private again = false;
  private reconcileDue = true;
  /** Jobs were left waiting for projections by the last look (or recorded since): a projection's move matters. */
  private heldBack = true;
  private lastReconcile = 0;
  private stopped = false;
  // Every change notice wakes the pump: while Redis is down, say so once in a while, not at each wake-up.
  private readonly enqueueFailed: (err: unknown) => void;
  private readonly pollMs: number;
  private readonly reconcileMs: number;
  private readonly redisTimeoutMs: number;

  constructor(
    // biome-ignore lint/suspicious/noExplicitAny: the jobs table is read with raw SQL
    private readonly db: Kysely<any>,
    private readonly queues: Queues,
    private readonly log: JobLogger,
    options: PumpOptions = {},
  ) {
    this.enqueueFailed = throttledWarn(log, 'could not enqueue jobs; trying again shortly');
    this.pollMs = options.pollMs ?? 2_000;
    this.reconcileMs = options.reconcileMs ?? 5_000;
    this.redisTimeoutMs = options.redisTimeoutMs ?? 5_000;
  }

  start() {
    this.timer = setInterval(() => {
      if (Date.now() - this.lastReconcile >= this.reconcileMs) this.reconcileDue = true;
      this.wake();
    }, this.pollMs);
    this.wake();
  }

  /** The dispatcher recorded jobs: look for them now. */
  jobsRecorded() {
    this.heldBack = true;
    this.wake();
  }

  /**
   * A projection some job waits for moved on: worth a look only when jobs were left waiting for one, or a look
   * is under way (it may leave some), so the commits of views no job waits on cost nothing.
   */
  projectionMoved() {
    if (this.heldBack || this.looping) this.wake();
  }

  /** Looks for jobs to enqueue now (coalesced with a round already under way). */
  wake() {
    if (this.stopped) return;
    this.again = true;
    if (this.looping) return;
    this.looping = true;
    this.running = this.loop();
  }

  private async loop() {
    try {
      while (this.again && !this.stopped) {
        this.again = false;
        const reconcile = this.reconcileDue;
        this.reconcileDue = false;
        try {
          const { added: n, waiting } = await this.round(reconcile ? 'all' : 'fresh');
          this.heldBack = waiting;
          if (reconcile) this.lastReconcile = Date.now();
          if (n > 0 && !reconcile) this.log.info({ jobs: n }, 'jobs enqueued');
        } catch (err) {
          if (reconcile) this.reconcileDue = true;
          this.enqueueFailed(err);
        }
      }
    } finally {
      // In the same step as the last look at `again`: a wake-up is never lost in between.
      this.looping = false;
    }
  }

  /** One pass over the jobs to enqueue, in batches; answers how many were added and whether any wait still. */
  private async round(mode: 'fresh' | 'all') {
    let after = '';
    let added = 0;
    let waiting = false;
    for (;;) {
      const found = await jobsToEnqueue(this.db, mode, after, BATCH);
      const rows = found.filter((r) => r.ready);
      if (rows.length < found.length) waiting = true;
      if (found.length === 0) return { added, waiting };
      for (const [name, queue] of this.queues) {
        const jobs = rows.filter((r) => r.queue === name);
        if (jobs.length === 0) continue;
        await withTimeout(
          queue.addBulk(
            jobs.map((j) => ({
              name: j.name,
              data: j.payload,
              opts: { jobId: j.id, ...(j.delay_ms > 0 && { delay: j.delay_ms }) },
            })),
          ),
          this.redisTimeoutMs,
          `adding ${jobs.length} jobs to ${name}`,
        );
      }
      if (rows.length > 0)
        await markEnqueued(
          this.db,
          rows.map((r) => r.id),
        );
      added += rows.length;
      if (found.length < BATCH) return { added, waiting };
      after = found[found.length - 1]!.id;
    }
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
