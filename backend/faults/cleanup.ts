import { appendFileSync, existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { harnessAlive } from './postgres-cluster.ts';

const PIDS_FILE = 'pids.txt';
const KEEP_RUNS = 3;

/**
 * What the run started, undone in reverse order at its end, on Ctrl-C or on failure; each step bounded,
 * each run once.
 */
export function teardown(log: (line: string) => void) {
  const steps: { name: string; undo: () => Promise<unknown> }[] = [];
  let running: Promise<void> | undefined;
  return {
    add(name: string, undo: () => Promise<unknown>) {
      steps.push({ name, undo });
    },
    run() {
      running ??= (async () => {
        for (const step of steps.reverse()) {
          let timer: NodeJS.Timeout | undefined;
          const bounded = new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error('took over 60 s')), 60_000);
          });
          await Promise.race([step.undo(), bounded])
            .catch((err: Error) => log(`cleanup: ${step.name} failed: ${err.message}`))
            .finally(() => clearTimeout(timer));
        }
      })();
      return running;
    },
  };
}

/**
 * Notes a process the run started, with what its command line shows (any of `shows`), so a later run can end
 * it if this one is killed outright.
 */
export function notePid(workDir: string, pid: number | undefined, ...shows: string[]) {
  if (pid !== undefined) appendFileSync(join(workDir, PIDS_FILE), `${[pid, ...shows].join('\t')}\n`);
}

/** Whether the process still runs what we started (a pid may have been reused since). */
function runs(pid: number, shows: string[]) {
  try {
    const line = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    return shows.some((s) => line.includes(s));
  } catch {
    return false;
  }
}

/**
 * Ends what runs killed outright (SIGKILL, a closed terminal) left running: their redis-server and app
 * processes, and their server copy. The work folders (logs, outbox) of the last three runs stay for reading.
 */
export function endAbandonedRuns(root: string, log: (line: string) => void) {
  for (const name of readdirSync(tmpdir()).filter((n) => /^ng-faults-\d+-/.test(n))) {
    const pid = Number(name.split('-')[2]);
    if (harnessAlive(pid)) continue;
    const file = join(tmpdir(), name, PIDS_FILE);
    if (!existsSync(file)) continue;
    for (const line of readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
      const [child, ...shows] = line.split('\t');
      if (runs(Number(child), shows)) {
        log(`ending pid ${child} (${shows[0]}) left by run ${pid}`);
        try {
          process.kill(Number(child), 'SIGKILL');
        } catch {}
      }
    }
    rmSync(file, { force: true });
  }
  // The work folders (logs, outbox) of the last runs stay for reading; older ones go.
  const finished = readdirSync(tmpdir())
    .filter((n) => /^ng-faults-\d+-/.test(n) && !harnessAlive(Number(n.split('-')[2])))
    .map((n) => ({ path: join(tmpdir(), n), mtime: statSync(join(tmpdir(), n)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime);
  for (const old of finished.slice(KEEP_RUNS)) rmSync(old.path, { recursive: true, force: true });
  const dist = join(root, 'backend/dist');
  for (const name of existsSync(dist) ? readdirSync(dist) : []) {
    const m = /^faults-(\d+)$/.exec(name);
    if (m && !harnessAlive(Number(m[1]))) rmSync(join(dist, name), { recursive: true, force: true });
  }
}
