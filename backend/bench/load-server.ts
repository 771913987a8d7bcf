import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sparePort } from '../faults/ports.ts';
import { redisServer } from '../faults/redis-server.ts';
import { buildServerSnapshot } from '../faults/server-build.ts';
import { createTestDatabase } from '../test/db.ts';
import { BENCH_ADMIN } from './server.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const PARTS = ['api', 'projections', 'workers'] as const;

async function until(what: string, ms: number, ok: () => Promise<boolean>) {
  const deadline = Date.now() + ms;
  while (!(await ok().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms / 1000} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The server as production runs it: compiled by scripts/build-server.mjs (a snapshot of this run's own),
 * `node` on the built api, projections and workers, on a database and a redis-server of its own (on a spare
 * port, so the shared Redis is never touched). The api starts first, alone, so the three do not race each
 * other's migrations on the fresh database. `prepare` fills the database (and files folder) before any of them
 * starts; its answer comes back as `prepared`. `BENCH_PROF=1` writes each process's CPU profile to /tmp/prof.
 */
export async function startProductionServer<T>(
  prepare: (data: { databaseUrl: string; filesDir: string }) => Promise<T>,
) {
  const build = await buildServerSnapshot();
  const database = await createTestDatabase();
  const work = await mkdtemp(join(tmpdir(), 'ng-load-'));
  const redis = redisServer(await sparePort(), work, join(work, 'redis.log'));
  await redis.start();
  const port = await sparePort();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: database.url,
    REDIS_URL: redis.url,
    PORT: String(port),
    HOST: '127.0.0.1',
    OUTBOX_DIR: join(work, 'outbox'),
    FILES_DIR: join(work, 'files'),
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT: '1000000',
    PUBLIC_FORM_RATE_LIMIT: '1000000',
  };
  for (const name of ['EVENTSTORE_URL', 'SMTP_URL', 'PUBLIC_URL', 'STRIPE_API_BASE', 'STRIPE_SECRET_KEY'])
    delete env[name];
  const profile = process.env.BENCH_PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : [];
  // Node flags for the server's processes, to try settings (BENCH_NODE_FLAGS='--max-old-space-size=160').
  const flags = process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? [];
  // The api's heap as docker-compose.yml and the Dockerfile run it.
  const heap = (part: string) => (part === 'api' ? ['--max-old-space-size=192'] : []);
  const children = new Map<string, ChildProcess>();
  const start = (part: (typeof PARTS)[number]) =>
    children.set(
      part,
      spawn(
        process.execPath,
        [...profile, ...heap(part), ...flags, '--enable-source-maps', build.entry(part)],
        {
          cwd: root,
          env,
          stdio: ['ignore', 'ignore', 'inherit'],
        },
      ),
    );
  /** Stops the api, projections and workers, keeping the database (to measure on it alone). */
  const stopProcesses = () =>
    Promise.all(
      [...children.values()].map((c) => {
        if (c.exitCode !== null || c.signalCode !== null) return undefined;
        c.kill('SIGTERM');
        return new Promise((r) => c.once('exit', r));
      }),
    );
  const stop = async () => {
    await stopProcesses();
    await redis.stop();
    await database.drop();
    build.remove();
    await rm(work, { recursive: true, force: true });
  };
  let prepared: T;
  try {
    prepared = await prepare({ databaseUrl: database.url, filesDir: env.FILES_DIR! });
    start('api');
    await until('the api answers /healthz', 60_000, async () => (await fetch(`${base}/healthz`)).ok);
    start('projections');
    start('workers');
    await until('the server answers /readyz', 60_000, async () => (await fetch(`${base}/readyz`)).ok);
  } catch (err) {
    await stop();
    throw err;
  }
  const apiPid = children.get('api')!.pid!;
  return {
    base,
    prepared,
    /** The api process's resident memory in MB (VmRSS of /proc/<pid>/status). */
    async apiResidentMb() {
      const status = await readFile(`/proc/${apiPid}/status`, 'utf8');
      const kb = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]);
      return kb / 1024;
    },
    /** CPU seconds the api process has used (user and system, /proc/<pid>/stat; 100 ticks a second). */
    async apiCpuSeconds() {
      const stat = await readFile(`/proc/${apiPid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(fields[11]) + Number(fields[12])) / 100;
    },
    stopProcesses,
    stop,
  };
}
export type ProductionServer = Awaited<ReturnType<typeof startProductionServer>>;
