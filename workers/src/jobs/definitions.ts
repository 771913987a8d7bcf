import { z } from 'zod';

/**
 * Declared jobs: a stable dotted id, a version, a zod payload carrying ids (the handler reloads what it
 * needs), and the queue it runs on. Retries and backoff are set once, in `queues.ts`.
 */
export const jobs = {
  temporaryPasswordMail: {
    id: 'user.temp-password.mail',
    version: 1,
    queue: 'mail',
    payload: z.object({ userId: z.number().int(), eventId: z.string().uuid() }),
  },
  consultationRequestedMail: {
    id: 'consultation.requested.mail',
    version: 1,
    queue: 'mail',
    payload: z.object({ consultationId: z.number().int() }),
  },
} as const;

export type JobName = (typeof jobs)[keyof typeof jobs]['id'];
export type TemporaryPasswordMailPayload = z.infer<typeof jobs.temporaryPasswordMail.payload>;
export type ConsultationRequestedMailPayload = z.infer<typeof jobs.consultationRequestedMail.payload>;

/** A job id derived from the event that caused it: the same event never enqueues the same job twice. */
export const jobIdFor = (jobName: string, eventId: string) => `${jobName}-${eventId}`;
