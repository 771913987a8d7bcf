import { existsSync, readdirSync } from 'node:fs';
import { copyFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sparePostgresPort } from './ports.ts';
import { mustSh, sh } from './shell.ts';

/** The newest Postgres installed the Debian way (/usr/lib/postgresql/<major>), which pg_createcluster uses. */
const VERSION = existsSync('/usr/lib/postgresql')
  ? (readdirSync('/usr/lib/postgresql')
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a))[0] ?? '15')
  : '15';
const PREFIX = 'ngfaults_';

/** The clusters there are, from `pg_lsclusters` (version, name, port). */
async function clusters() {
  const out = await mustSh('pg_lsclusters', ['-h']);
  return out
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [version, name, port] = line.split(/\s+/);
      return { version: version!, name: name!, port: Number(port) };
    });
}

/** Whether a harness run (this file's runner) with that pid is still alive. */
export function harnessAlive(pid: number) {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  return true;
}

/** Drops the clusters earlier runs left behind when they were killed outright (their runner is gone). */
export async function dropAbandonedClusters(log: (line: string) => void) {
  for (const c of await clusters()) {
    const pid = Number(c.name.startsWith(PREFIX) ? c.name.slice(PREFIX.length) : Number.NaN);
    if (!Number.isInteger(pid) || harnessAlive(pid)) continue;
    log(`dropping cluster ${c.version}/${c.name} left by an earlier run`);
    await sh('pg_dropcluster', [c.version, c.name, '--stop'], { timeoutMs: 30_000 });
  }
}

/**
 * A Postgres cluster of its own, on a spare port, trusting 127.0.0.1, so no one's data is touched. Created
 * with `pg_createcluster`, stopped and started with `pg_ctlcluster`, removed with `pg_dropcluster --stop`.
 */
export async function createCluster() {
  const taken = new Set((await clusters()).map((c) => c.port));
  const port = await sparePostgresPort(taken);
  const name = `${PREFIX}${process.pid}`;
  await mustSh(
    'pg_createcluster',
    [
      VERSION,
      name,
      '-p',
      String(port),
      '--start-conf=manual',
      '-o',
      'listen_addresses=localhost',
      '-o',
      'max_connections=100',
      '--',
      '--auth-local=trust',
      '--auth-host=trust',
    ],
    { timeoutMs: 60_000 },
  );
  const ctl = (...args: string[]) => mustSh('pg_ctlcluster', [VERSION, name, ...args], { timeoutMs: 60_000 });
  return {
    name: `${VERSION}/${name}`,
    port,
    url: (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    start: () => ctl('start'),
    /** A fast stop: every session is ended, as when the database server goes away under the application. */
    stop: () => ctl('stop', '-m', 'fast'),
    /** Keeps the server log beside the application logs (the drop deletes it). */
    async keepLog(dir: string) {
      await copyFile(
        `/var/log/postgresql/postgresql-${VERSION}-${name}.log`,
        join(dir, 'postgres.log'),
      ).catch(() => undefined);
    },
    drop: () => mustSh('pg_dropcluster', [VERSION, name, '--stop'], { timeoutMs: 60_000 }),
  };
}
export type Cluster = Awaited<ReturnType<typeof createCluster>>;
