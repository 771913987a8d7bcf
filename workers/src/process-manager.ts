import type { TDomainEvent } from '@app/contracts/events/domain';
import type { Projection } from '@app/projections/runtime/types';
import { jobIdFor, jobs } from './jobs/definitions.ts';
import type { Queues } from './queues.ts';

/**
 * Turns events into jobs. It runs under the projection runtime (own checkpoint, one owner, dead letters)
 * but owns no tables; a replay re-enqueues with the same job ids, which BullMQ ignores, and the mail job
 * itself sends nothing twice.
 */
/** Its checkpoint name and version, for `npm run projections -- status`. */
export const JOB_DISPATCHER = { name: 'job-dispatcher', version: 1 } as const;

/** Which job each event type starts. */
const jobStarters: {
  [T in TDomainEvent['type']]?: (
    data: Extract<TDomainEvent, { type: T }>['data'],
    eventId: string,
  ) => { name: string; payload: unknown };
} = {
  TemporaryPasswordIssued: (data, eventId) => {
    const def = jobs.temporaryPasswordMail;
    return { name: def.id, payload: def.payload.parse({ userId: data.userId, eventId }) };
  },
  ConsultationRequested: (data) => {
    const def = jobs.consultationRequestedMail;
    return { name: def.id, payload: def.payload.parse({ consultationId: data.consultationId }) };
  },
};

export function jobDispatcher(queues: Queues): Projection {
  return {
    ...JOB_DISPATCHER,
    syncType: null,
    tables: [],
    ddl: () => '',
    eventTypes: new Set(Object.keys(jobStarters)),
    async apply(events) {
      for (const stored of events) {
        const start = jobStarters[stored.type as TDomainEvent['type']] as
          | ((data: unknown, eventId: string) => { name: string; payload: unknown })
          | undefined;
        if (!start) continue;
        const job = start(stored.data, stored.id);
        await queues.mail.add(job.name, job.payload, { jobId: jobIdFor(job.name, stored.id) });
      }
      return events.length;
    },
  };
}
