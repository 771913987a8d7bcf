import { findProjection, projections } from '@app/projections/registry';
import { parkedEvents, retryParked } from '@app/projections/runtime/parked';
import { rebuild, replayCheck } from '@app/projections/runtime/rebuild';
import { describeHeldBack, projectionStatus, readersHeldBack } from '@app/projections/runtime/status';
import { jobsNeedingAttention } from '@app/workers/jobs/table';
import { JOB_DISPATCHER } from '@app/workers/process-manager';
import { loadConfig } from '../platform/config.ts';
import { openInfrastructure } from '../platform/infrastructure.ts';

const usage = `Usage: npm run projections -- <verb>
  status                 each projection's checkpoint, lag and parked events; what holds readers back
  rebuild <name>|--all   build into fresh tables and swap them in
  replay-check [name]    rebuild into scratch tables and compare with the live ones
  retry <name>           replay the view's parked events through its projector (after a fix)`;

const firstLine = (s: string) => s.split('\n', 1)[0]!.slice(0, 160);

async function main(args: string[]): Promise<number> {
  const [verb, arg] = args;
  const config = loadConfig();
  const infra = await openInfrastructure(config, 4);
  try {
    switch (verb) {
      case 'status': {
        // The workers' job dispatcher follows the log like a view does: its lag is shown too.
        const rows = await projectionStatus(infra.db, infra.store, [...projections, JOB_DISPATCHER]);
        console.table(
          rows.map((r) => ({
            projection: r.name,
            version:
              r.tableVersion === r.codeVersion
                ? r.codeVersion
                : `${r.tableVersion ?? '-'} (code ${r.codeVersion})`,
            checkpoint: r.position ?? 'none',
            'lag events': `${r.lagEvents}${r.lagEventsCapped ? '+' : ''}`,
            'lag s': r.lagSeconds.toFixed(1),
            parked: r.parked,
            rebuilding: r.rebuildInProgress ? 'yes' : '',
          })),
        );
        const held = await readersHeldBack(infra.db, { eventsHere: infra.store.kind === 'postgres' });
        if (held) console.log(`Readers held back: ${describeHeldBack(held)}`);
        const parked = await parkedEvents(infra.db);
        for (const p of parked)
          console.log(
            `parked in ${p.projection}: ${p.type} ${p.eventId} (stream ${p.stream}, position ${p.position}) ${firstLine(p.error)}`,
          );
        if (parked.length > 0) console.log('After a fix: npm run projections -- retry <name>');
        const jobs = await jobsNeedingAttention(infra.db);
        if (jobs) console.log(jobs);
        return 0;
      }
      case 'rebuild': {
        const targets = arg === '--all' ? projections : [findProjection(arg ?? '')].filter((p) => !!p);
        if (targets.length === 0) return unknownProjection(arg);
        const started = Date.now();
        // A view another process is rebuilding (the projections process resuming one) is rebuilt after it.
        for (let left = targets; left.length > 0; ) {
          const done = new Set(await rebuild(infra.db, infra.store, left, { skipBusy: true }));
          left = left.filter((p) => !done.has(p.name));
          if (left.length === 0) break;
          console.log(`waiting for another process rebuilding ${left.map((p) => p.name).join(', ')}`);
          await new Promise((r) => setTimeout(r, 1000));
        }
        const names = targets.map((p) => p.name).join(', ');
        console.log(`rebuilt ${names} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
        return 0;
      }
      case 'replay-check': {
        const targets = arg ? [findProjection(arg)].filter((p) => !!p) : projections;
        let differing = 0;
        for (const p of targets) {
          const diffs = await replayCheck(infra.db, infra.store, p);
          differing += diffs.length;
          console.log(
            diffs.length === 0 ? `${p.name}: identical` : `${p.name}: DIFFERS ${JSON.stringify(diffs)}`,
          );
        }
        return differing === 0 ? 0 : 1;
      }
      case 'retry': {
        const p = findProjection(arg ?? '');
        if (!p) return unknownProjection(arg);
        const { applied, stillFailing } = await retryParked(infra.db, infra.store, p);
        console.log(`${p.name}: ${applied} parked event(s) applied, ${stillFailing.length} still failing`);
        for (const f of stillFailing) console.log(`  ${f.eventId}: ${firstLine(f.error)}`);
        return stillFailing.length === 0 ? 0 : 1;
      }
      default:
        console.error(usage);
        return 2;
    }
  } finally {
    await infra.close();
  }
}

function unknownProjection(name: string | undefined) {
  console.error(`Unknown projection "${name ?? ''}". Known: ${projections.map((p) => p.name).join(', ')}`);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
