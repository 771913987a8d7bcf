import type { Projection } from '@app/projections/runtime/types';
import type { AnyJobDefinition } from './jobs/define.ts';
import { insertJobs, jobRowFor } from './jobs/table.ts';

/**
 * Its checkpoint name and version, for `npm run projections -- status`. Never bump the version: the runner
 * would replay the whole log into it, and every job whose row was ever removed would run again.
 */
export const JOB_DISPATCHER = { name: 'job-dispatcher', version: 1 } as const;

/**
 * Turns events into jobs: rows in the `jobs` table, written in the runner's transaction with its checkpoint
 * (own checkpoint, one owner, dead letters), so a job is recorded exactly once per event and job. It never
 * talks to Redis: the pump (`pump.ts`) puts recorded jobs on the queues after the commit. Events made as past
 * history (the demo seed) start none.
 */
export function jobDispatcher(definitions: readonly AnyJobDefinition[]): Projection {
  const startedBy = new Map<string, AnyJobDefinition[]>();
  for (const def of definitions) startedBy.set(def.startedBy, [...(startedBy.get(def.startedBy) ?? []), def]);
  return {
    ...JOB_DISPATCHER,
    syncType: null,
    tables: [],
    ddl: () => '',
    eventTypes: new Set(startedBy.keys()),
    async apply(events, { tx }) {
      const rows = events.flatMap((e) =>
        (e.metadata.history ? [] : (startedBy.get(e.type) ?? []))
          .filter((def) => def.startsWhen?.(e.data as never) ?? true)
          .map((def) => jobRowFor(def, e)),
      );
      return insertJobs(tx, rows);
    },
  };
}
