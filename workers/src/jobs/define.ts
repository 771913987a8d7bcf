import type { TEventOf, TEventType } from '@app/contracts/events/domain';
import type { Position, StoredEvent } from '@app/contracts/events/envelope';
import type { z } from 'zod';
import type { OutgoingMail } from '../mail/mailer.ts';

/** What a handler is given besides its payload. */
export interface JobContext {
  jobId: string;
  /** The event that started the job: read what you need from it or its stream, never from a lagging view. */
  event: { id: string; stream: string; position: Position };
  /**
   * Sends the job's one mail (a job sends at most one) at most once: the attempt is recorded before sending and the message after, and a
   * mail an interrupted attempt may have sent is not sent again blindly (see `attempt.ts`).
   */
  sendMail(mail: OutgoingMail): Promise<{ messageId: string }>;
}

/**
 * A declared job: a stable dotted id, a version, a zod payload carrying ids (the handler reloads what it needs),
 * the event type that starts it, and the handler. Retries and back-off are set once, in `queues.ts`.
 */
/**
 * The BullMQ queues: mail, the calls to calendar providers (which may be slow or down for a while), and card
 * payments (Stripe's webhooks applied to invoices), which wait for neither.
 */
export const JOB_QUEUES = ['mail', 'calendar', 'payments'] as const;
export type JobQueue = (typeof JOB_QUEUES)[number];

export interface JobDefinition<T extends TEventType, P extends z.ZodType, D> {
  id: string;
  version: number;
  queue: JobQueue;
  payload: P;
  startedBy: T;
  /**
   * Which events of that type start it, judged on the event alone (default: all). Events it turns down
   * leave no row, so a job that concerns few events of a busy type does not fill the jobs table.
   */
  startsWhen?(data: TEventOf<T>['data']): boolean;
  payloadFor(data: TEventOf<T>['data'], event: StoredEvent): z.input<P>;
  /**
   * When the job first runs (default: at once; a time already past also runs at once). Kept on its row, so a
   * Redis that lost the delayed job gets it back with the time left. A job whose reason went away meanwhile (a
   * reminder for an appointment since moved) finds that out in its handler, from the stream, and does nothing.
   */
  runAt?(data: TEventOf<T>['data'], event: StoredEvent): Date | null;
  /**
   * Read models the handler reads: the job is enqueued only once each has passed the starting event, so it
   * waits for a lagging projection without spending its retries.
   */
  waitsFor?: readonly string[];
  /** Answers the outcome recorded in the `jobs` table; a change to the domain goes through a command. */
  handle(payload: z.output<P>, ctx: JobContext, deps: D): Promise<Record<string, unknown>>;
}

export const defineJob = <T extends TEventType, P extends z.ZodType, D>(def: JobDefinition<T, P, D>) => def;

// biome-ignore lint/suspicious/noExplicitAny: the registry holds definitions of every event, payload and deps type
export type AnyJobDefinition = JobDefinition<any, z.ZodType, any>;

/** A job id derived from the event that caused it: the same event never starts the same job twice. */
export const jobIdFor = (jobName: string, eventId: string) => `${jobName}-${eventId}`;
