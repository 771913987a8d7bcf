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

export function jobDispatcher(queues: Queues): Projection {
  return {
    ...JOB_DISPATCHER,
    syncType: null,
    tables: [],
    ddl: () => '',
    async apply(events) {
      let enqueued = 0;
      for (const stored of events) {
        const job = jobFor(stored.type, stored.data as never, stored.id);
        if (!job) continue;
        await queues.mail.add(job.name, job.payload, { jobId: jobIdFor(job.name, stored.id) });
        enqueued++;
      }
      return enqueued;
    },
  };
}

/** Which job an event starts, if any. */
function jobFor(type: string, data: never, eventId: string) {
  const event = { type, data } as TDomainEvent;
  switch (event.type) {
    case 'TemporaryPasswordIssued': {
      const def = jobs.temporaryPasswordMail;
      return { name: def.id, payload: def.payload.parse({ userId: event.data.userId, eventId }) };
    }
    case 'ConsultationRequested': {
      const def = jobs.consultationRequestedMail;
      return { name: def.id, payload: def.payload.parse({ consultationId: event.data.consultationId }) };
    }
    default:
      return null;
  }
}
