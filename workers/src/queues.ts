import { type Job, Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import {
  type ConsultationMailDeps,
  sendConsultationRequestedMail,
} from './jobs/consultation-requested-mail.ts';
import { jobs } from './jobs/definitions.ts';
import { sendTemporaryPasswordMail, type TemporaryPasswordMailDeps } from './jobs/temporary-password-mail.ts';

const defaultJobOptions = {
  attempts: 5,
  backoff: { type: 'exponential' as const, delay: 5_000 },
  // Completed jobs are kept a week so a replayed event finds its job id taken and enqueues nothing.
  removeOnComplete: { age: 7 * 24 * 3600 },
  removeOnFail: { age: 30 * 24 * 3600 },
};

export type WorkerDeps = TemporaryPasswordMailDeps & ConsultationMailDeps;

export function createQueues(connection: Redis, prefix = 'ng') {
  const mail = new Queue(jobs.temporaryPasswordMail.queue, { connection, prefix, defaultJobOptions });
  return { mail, close: () => mail.close() };
}
export type Queues = ReturnType<typeof createQueues>;

/** Runs the job handlers. Each job's payload is parsed with its schema before anything happens. */
export function startWorkers(connection: Redis, deps: WorkerDeps, prefix = 'ng') {
  const mailWorker = new Worker(
    jobs.temporaryPasswordMail.queue,
    async (job: Job) => {
      switch (job.name) {
        case jobs.temporaryPasswordMail.id:
          return sendTemporaryPasswordMail(deps, jobs.temporaryPasswordMail.payload.parse(job.data));
        case jobs.consultationRequestedMail.id:
          return sendConsultationRequestedMail(deps, jobs.consultationRequestedMail.payload.parse(job.data));
        default:
          throw new Error(`Unknown job ${job.name}`);
      }
    },
    { connection, prefix, concurrency: 2 },
  );
  return { close: () => mailWorker.close(), mailWorker };
}
