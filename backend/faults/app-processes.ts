import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { sleep } from './shell.ts';

/** Two API processes (behind the run's client, which spreads calls over them), the projections and the workers. */
export const PARTS = ['api', 'api2', 'projections', 'workers'] as const;
export type Part = (typeof PARTS)[number];
/** The compiled entry each part runs (`api2` is a second `api`, on a port of its own). */
export const scriptOf = (part: Part) => (part === 'api2' ? 'api' : part);

/** A process that ended without the harness ending it. */
export interface Crash {
  part: Part;
  at: number;
  exit: string;
  /** The last lines it wrote before it ended. */
  lastLines: string[];
}

const tail = (file: string, lines: number) => {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines);
  } catch {
    return [];
  }
};

/**
 * The application as separate processes (api, projections, workers), each writing to its own log file. A
 * process that ends by itself is a crash: it is counted, its end logged, and it is started again (with a
 * growing pause while it keeps ending) so the run goes on. `kill` is the harness's own SIGKILL, not a crash.
 */
export function appProcesses(options: {
  entry: (script: ReturnType<typeof scriptOf>) => string;
  env: (part: Part) => NodeJS.ProcessEnv;
  logDir: string;
  cwd: string;
  onCrash: (crash: Crash) => void;
  onStart?: (part: Part, pid: number | undefined) => void;
}) {
  const running = new Map<Part, ChildProcess>();
  const expectedExit = new Set<ChildProcess>();
  const crashesInRow = new Map<Part, number>();
  let stopping = false;
  const logFile = (part: Part) => join(options.logDir, `${part}.log`);

  function start(part: Part) {
    if (stopping) return;
    const fd = openSync(logFile(part), 'a');
    writeSync(fd, `\n=== faults harness: starting ${part} at ${new Date().toISOString()} ===\n`);
    const child = spawn(process.execPath, ['--enable-source-maps', options.entry(scriptOf(part))], {
      cwd: options.cwd,
      env: options.env(part),
      stdio: ['ignore', fd, fd],
    });
    closeSync(fd);
    running.set(part, child);
    options.onStart?.(part, child.pid);
    const startedAt = Date.now();
    child.once('exit', (code, signal) => {
      if (running.get(part) === child) running.delete(part);
      if (expectedExit.delete(child) || stopping) return;
      const exit = signal ? `signal ${signal}` : `code ${code}`;
      const crash = { part, at: Date.now(), exit, lastLines: tail(logFile(part), 8) };
      options.onCrash(crash);
      // A process that keeps ending at once waits longer before each new start (at most 5 s).
      const inRow = Date.now() - startedAt < 10_000 ? (crashesInRow.get(part) ?? 0) + 1 : 1;
      crashesInRow.set(part, inRow);
      void sleep(Math.min(5_000, 250 * 2 ** inRow)).then(() => {
        if (!stopping && !running.has(part)) start(part);
      });
    });
  }

  /** Ends the process the harness's way and waits until it is gone. */
  async function end(part: Part, signal: NodeJS.Signals) {
    const child = running.get(part);
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    expectedExit.add(child);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    if (signal !== 'SIGKILL') {
      const done = await Promise.race([exited.then(() => true), sleep(5_000).then(() => false)]);
      if (!done) child.kill('SIGKILL');
    }
    await exited;
  }

  return {
    logFile,
    start,
    pid: (part: Part) => running.get(part)?.pid,
    pids: () => [...running.values()].map((c) => c.pid).filter((p): p is number => p !== undefined),
    /** SIGKILL, then a new start: returns when the new process has been started. */
    async killAndRestart(part: Part) {
      await end(part, 'SIGKILL');
      start(part);
    },
    kill: (part: Part) => end(part, 'SIGKILL'),
    async stopAll() {
      stopping = true;
      await Promise.all(PARTS.map((p) => end(p, 'SIGTERM')));
    },
  };
}
export type AppProcesses = ReturnType<typeof appProcesses>;
