import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from './db.ts';
import { deleteKeys } from './leftovers.ts';
import { repoRoot, serverProcess } from './server-process.ts';
import { tcpProxy } from './tcp-proxy.ts';

/**
 * Runs `npm start`'s script with these settings in a process group of its own; answers its exit code and
 * everything it printed, once it ends or once `until` matches what it printed (then the group is stopped).
 */
function start(env: Record<string, string>, until?: RegExp) {
  return new Promise<{ code: number | null; output: string; running: boolean }>((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/start.mjs', 'all'], {
      cwd: repoRoot,
      env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    let running = false;
    const stopGroup = () => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    const collect = (chunk: Buffer) => {
      output += chunk;
      if (until && !running && until.test(output)) {
        running = child.exitCode === null;
        stopGroup();
      }
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    // A check that wrongly passed would leave a running server behind: stop it, and the test fails.
    const timer = setTimeout(stopGroup, 30_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output, running });
    });
  });
}

const lines = (output: string) => output.split('\n').filter((line) => line.trim() !== '');

describe('start-up', () => {
  let busy: Server;
  let busyPort: number;
  beforeAll(async () => {
    busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    busyPort = (busy.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => busy.close(() => resolve())));

  it('a busy port stops it at once with one line naming PORT', async () => {
    const { code, output } = await start({ PORT: String(busyPort), HOST: '127.0.0.1' });
    expect(lines(output)).toEqual([
      `Port ${busyPort} is already in use (127.0.0.1:${busyPort}): stop the other process or set PORT.`,
    ]);
    expect(code).toBe(1);
  });

  it('npm start says at once that it waits for an unreachable Postgres, naming DATABASE_URL without the password', async () => {
    const waiting =
      'Waiting for PostgreSQL at 127.0.0.1:1 (connect ECONNREFUSED 127.0.0.1:1): start it or set DATABASE_URL.';
    const { output, running } = await start(
      { PORT: '0', DATABASE_URL: 'postgres://postgres:secret-word@127.0.0.1:1/northern_guard' },
      new RegExp(`(${waiting.replace(/[.()]/g, '\\$&')}\\n){2}`),
    );
    expect(running).toBe(true);
    expect(new Set(lines(output))).toEqual(new Set([waiting]));
  }, 60_000);

  describe('a process started while Postgres and Redis are down', () => {
    let postgres: Awaited<ReturnType<typeof tcpProxy>>;
    let redis: Awaited<ReturnType<typeof tcpProxy>>;
    let database: Awaited<ReturnType<typeof createTestDatabase>>;
    let api: Awaited<ReturnType<typeof serverProcess>>;
    let again: Awaited<ReturnType<typeof serverProcess>>;
    beforeAll(async () => {
      database = await createTestDatabase();
      postgres = await tcpProxy({ host: '127.0.0.1', port: 5432 });
      redis = await tcpProxy({ host: '127.0.0.1', port: 6379 });
    });
    afterAll(async () => {
      await api?.stop();
      await again?.stop();
      await postgres?.close();
      await redis?.close();
      if (database) {
        const keys = new Redis('redis://127.0.0.1:6379');
        await deleteKeys(keys, `ng-${database.name}:*`);
        keys.disconnect();
        await database.drop();
      }
    });

    it('waits, saying once a second which one and its setting, and starts when both answer', async () => {
      postgres.cut();
      redis.cut();
      const url = new URL(database.url);
      url.port = String(postgres.port);
      url.password = 'secret-word';
      api = await serverProcess('api', {
        DATABASE_URL: url.toString(),
        REDIS_URL: `redis://127.0.0.1:${redis.port}`,
      });
      const forPostgres = new RegExp(
        `^Waiting for PostgreSQL at 127\\.0\\.0\\.1:${postgres.port} \\(.+\\): start it or set DATABASE_URL\\.$`,
      );
      const forRedis = new RegExp(
        `^Waiting for Redis at 127\\.0\\.0\\.1:${redis.port} \\(.+\\): start it or set REDIS_URL\\.$`,
      );
      const count = (pattern: RegExp) => api.lines.filter((l) => pattern.test(l.text));

      await api.waitForLine(forPostgres);
      await api.waitForLine(forRedis);
      // Three more rounds: a line for each a second, and the process is still there.
      const seen = api.lines.length;
      await api.waitForLine(forRedis, 10_000, seen + 4);
      const postgresLines = count(forPostgres);
      // Rounds start a second apart; a line comes when its round's look ends, which a loaded machine delays.
      const first = postgresLines[0]!.at;
      const last = postgresLines.at(-1)!.at;
      const perLine = (last - first) / (postgresLines.length - 1);
      expect({ lines: postgresLines.length, roughlyASecondApart: perLine > 700 && perLine < 2500 }).toEqual({
        lines: postgresLines.length,
        roughlyASecondApart: true,
      });
      expect(api.alive()).toBe(true);
      expect(api.output()).not.toContain('secret-word');

      // Postgres back: only Redis is waited for.
      postgres.restore();
      const afterPostgres = api.lines.length;
      await api.waitForLine(forRedis, 10_000, afterPostgres + 1);
      const onlyRedis = api.lines.length;
      await api.waitForLine(forRedis, 10_000, onlyRedis);
      expect(api.lines.slice(onlyRedis).filter((l) => forPostgres.test(l.text))).toEqual([]);

      redis.restore();
      await api.waitForLine(/^PostgreSQL and Redis answer: starting\.$/);
      const address = await api.address();
      const health = await fetch(`${address}/healthz`);
      expect(health.status).toBe(200);
      expect(await api.stop()).toEqual({ code: 0, signal: null });
    }, 120_000);

    it('a Postgres lost between the check and the start is waited for again, in the same process', async () => {
      postgres.restore();
      redis.restore();
      // Start-up's first query (is the database there?) meets Postgres stopping.
      postgres.cutWhenSent('FROM pg_database WHERE datname');
      const url = new URL(database.url);
      url.port = String(postgres.port);
      again = await serverProcess('api', {
        DATABASE_URL: url.toString(),
        REDIS_URL: `redis://127.0.0.1:${redis.port}`,
      });
      await again.waitForLine(/^Waiting for PostgreSQL at .*: start it or set DATABASE_URL\.$/);
      expect(again.alive()).toBe(true);
      postgres.restore();
      await again.waitForLine(/^PostgreSQL and Redis answer: starting\.$/);
      const health = await fetch(`${await again.address()}/healthz`);
      expect(health.status).toBe(200);
      expect(await again.stop()).toEqual({ code: 0, signal: null });
    }, 120_000);
  });
});
