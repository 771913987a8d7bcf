import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN } from './app.ts';
import { appFolderPrefix, testRunId } from './leftovers.ts';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * One of the entry points of `backend/src/processes/` (api, projections, workers, all) run from its sources as
 * its own process, as `npm run start:*` runs it compiled: a test of what only a real process shows (what ends
 * it, how it starts). Everything it prints is kept, line by line; it listens on a port of its own.
 */
export async function serverProcess(
  entry: 'api' | 'projections' | 'workers' | 'all',
  env: Record<string, string>,
  options: { preload?: string } = {},
) {
  const folder = await mkdtemp(join(tmpdir(), appFolderPrefix(testRunId())));
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      ...(options.preload ? ['--import', options.preload] : []),
      `backend/src/processes/${entry}.ts`,
    ],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        LOG_LEVEL: 'silent',
        HOST: '127.0.0.1',
        PORT: '0',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        FILES_DIR: join(folder, 'files'),
        OUTBOX_DIR: join(folder, 'outbox'),
        ...env,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  const lines: { at: number; text: string }[] = [];
  const waiters = new Set<() => void>();
  for (const stream of [child.stdout!, child.stderr!]) {
    let rest = '';
    stream.on('data', (chunk: Buffer) => {
      const parts = (rest + chunk.toString()).split('\n');
      rest = parts.pop() ?? '';
      for (const text of parts) if (text.trim() !== '') lines.push({ at: Date.now(), text });
      for (const wake of waiters) wake();
    });
  }
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  exited.then(() => {
    for (const wake of waiters) wake();
  });
  const alive = () => child.exitCode === null && child.signalCode === null;

  /** The first line (from `from` on) that matches, once printed; fails when the process ends or time runs out. */
  const waitForLine = (pattern: RegExp, timeoutMs = 60_000, from = 0) =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no line matching ${pattern} within ${timeoutMs} ms:\n${output()}`));
      }, timeoutMs);
      function check() {
        const line = lines.slice(from).find((l) => pattern.test(l.text));
        if (!line && alive()) return;
        clearTimeout(timer);
        waiters.delete(check);
        if (line) resolve(line.text);
        else
          reject(
            new Error(
              `the process ended (code ${child.exitCode}) before a line matching ${pattern}:\n${output()}`,
            ),
          );
      }
      waiters.add(check);
      check();
    });
  const output = () => lines.map((l) => l.text).join('\n');

  return {
    child,
    lines,
    output,
    alive,
    exited,
    waitForLine,
    /** The address it listens on, once it says it is running. */
    async address() {
      const line = await waitForLine(/Northern Guard is running at/);
      return /listening on (\S+)\)/.exec(line)![1]!;
    },
    /** SIGTERM (SIGKILL after 10 s), then its folder removed; answers how it ended. */
    async stop() {
      if (alive()) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      await rm(folder, { recursive: true, force: true });
      return exited;
    },
  };
}
