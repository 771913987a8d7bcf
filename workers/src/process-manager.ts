import type { TDomainEvent } from '@app/contracts/events/domain';
import type { Projection } from '@app/projections/runtime/types';
import { jobIdFor, jobs } from './jobs/definitions.ts';
import type { Queues } from './queues.ts';

/**
 * Turns events into jobs. It runs under the projection runtime (own checkpoint, one owner, dead letters)
 * but owns no tables; a replay re-enqueues with the same job ids, which BullMQ ignores, and the mail job
 * itself sends nothing twice.
 */
export function jobDispatcher(queues: Queues): Projection {
  return {
    name: 'job-dispatcher',
    version: 1,
    syncType: null,
    tables: [],
    ddl: () => '',
    async apply(events) {
      let enqueued = 0;
      for (const stored of events) {
        const event = stored as unknown as TDomainEvent;
        if (event.type === 'TemporaryPasswordIssued') {
          const def = jobs.temporaryPasswordMail;
          await queues.mail.add(
            def.id,
            def.payload.parse({ userId: event.data.userId, eventId: stored.id }),
            {
              jobId: jobIdFor(def.id, stored.id),
            },
          );
          enqueued++;
        }
      }
      return enqueued;
    },
  };
}
