import { JOB_STATUSES, type JobStatus, jobCounts, listJobs, retryJobs } from '@app/workers/jobs/table';
import { loadConfig } from '../platform/config.ts';
import { openInfrastructure } from '../platform/infrastructure.ts';

const usage = `Usage: npm run jobs -- <verb>
  list [status]                 jobs without an outcome and those needing attention (or only one status:
                                ${JOB_STATUSES.join(', ')}), with counts per status
  retry <job id>|--all-parked   run a parked or review job again from scratch (the workers pick it up)`;

const short = (text: string | null, max = 80) => (!text ? '' : (text.split('\n')[0] ?? '').slice(0, max));

async function main(args: string[]): Promise<number> {
  const [verb, arg] = args;
  if (verb !== 'list' && verb !== 'retry') {
    console.error(usage);
    return 2;
  }
  if (verb === 'list' && arg && !JOB_STATUSES.includes(arg as JobStatus)) {
    console.error(`Unknown status "${arg}". Known: ${JOB_STATUSES.join(', ')}`);
    return 2;
  }
  if (verb === 'retry' && !arg) {
    console.error(usage);
    return 2;
  }
  const infra = await openInfrastructure(loadConfig(), 2);
  try {
    if (verb === 'list') {
      const rows = await listJobs(infra.db, arg ? [arg as JobStatus] : undefined);
      console.log(
        Object.entries(await jobCounts(infra.db))
          .map(([s, n]) => `${s} ${n}`)
          .join(', '),
      );
      if (rows.length > 0) {
        console.table(
          rows.map((r) => ({
            id: r.id,
            status: r.status,
            attempts: r.attempts,
            event: r.event_position,
            'attempt started': r.attempt_started_at?.toISOString() ?? '',
            'last error': short(r.last_error),
          })),
        );
      }
      return 0;
    }
    const retried = await retryJobs(infra.db, arg === '--all-parked' ? 'all-parked' : { id: arg! });
    if (retried.length === 0) {
      console.error(arg === '--all-parked' ? 'No parked job.' : `No parked or review job "${arg}".`);
      return arg === '--all-parked' ? 0 : 1;
    }
    console.log(`Retrying ${retried.length} job(s): ${retried.join(', ')}`);
    return 0;
  } finally {
    await infra.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
