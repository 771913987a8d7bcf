import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase } from '../test/db.ts';

/** The `p`th percentile of ascending samples. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** The admin every bench server starts with. */
export const BENCH_ADMIN = { email: 'bench@example.com', password: 'bench-password' };

/**
 * Starts the server's processes (`backend/src/processes/<name>.ts`: `all` as `npm start` runs it, or `api`
 * and `projections` apart as deployed) on a fresh database and outbox, apart from the load generator, and
 * answers once `/readyz` does. `BENCH_PROF=1` writes each process's CPU profile to /tmp/prof.
 */
export async function startServer(port: number, processes: readonly string[]) {
  const database = await createTestDatabase();
  const outbox = await mkdtemp(join(tmpdir(), 'ng-bench-'));
  const env = {
    ...process.env,
    DATABASE_URL: database.url,
    PORT: String(port),
    HOST: '127.0.0.1',
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    LOG_LEVEL: 'warn',
    OUTBOX_DIR: outbox,
    LOGIN_RATE_LIMIT: '1000',
  };
  const profile = process.env.BENCH_PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : [];
  const children = processes.map((name) =>
    spawn('node_modules/.bin/tsx', [...profile, `backend/src/processes/${name}.ts`], {
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    }),
  );
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    const ok = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (i > 300) throw new Error('server did not become ready');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    ws: `ws://127.0.0.1:${port}/ws`,
    databaseUrl: database.url,
    /** CPU seconds used so far by the server's processes and by every Postgres process (Linux). */
    cpuSeconds: async () => ({
      server: (await Promise.all(children.map((c) => treeCpuSeconds(c.pid!)))).reduce((a, b) => a + b, 0),
      postgres: await postgresCpuSeconds(),
    }),
    async stop() {
      await Promise.all(
        children.map((c) => {
          c.kill('SIGTERM');
          return new Promise((r) => c.once('exit', r));
        }),
      );
      await database.drop();
      await rm(outbox, { recursive: true, force: true });
    },
  };
}
/** User and system CPU time of a process, from /proc (0 when it is gone). */
async function processCpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  if (!stat) return 0;
  // The fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}
const CLOCK_TICKS = 100;

/** A process's CPU time and its descendants' (tsx runs the server in a child of its own). */
async function treeCpuSeconds(pid: number): Promise<number> {
  const children = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '');
  const below = await Promise.all(
    children
      .split(' ')
      .filter(Boolean)
      .map((c) => treeCpuSeconds(Number(c))),
  );
  return below.reduce((a, b) => a + b, await processCpuSeconds(pid));
}

async function postgresCpuSeconds(): Promise<number> {
  let total = 0;
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const comm = await readFile(`/proc/${entry}/comm`, 'utf8').catch(() => '');
    if (comm.trim() === 'postgres') total += await processCpuSeconds(Number(entry));
  }
  return total;
}

export type BenchServer = Awaited<ReturnType<typeof startServer>>;

export type Call = ReturnType<typeof caller>;

/** JSON calls to a bench server as one signed-in account. */
export function caller(base: string) {
  const call = async (method: string, path: string, token: string | null, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
    return text;
  };
  const json = async (method: string, path: string, token: string | null, body?: unknown) =>
    JSON.parse(await call(method, path, token, body));
  return { call, json };
}

/** Runs `count` steps, `width` at a time. */
export async function inParallel(count: number, width: number, step: (i: number) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) await step(next++);
    }),
  );
}
