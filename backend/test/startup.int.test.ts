import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Runs `npm start`'s script with these settings; answers its exit code and everything it printed. */
function start(env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/start.mjs', 'all'], {
      cwd: repoRoot,
      env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    // A check that wrongly passed would leave a running server behind: stop it, and the test fails.
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

const lines = (output: string) => output.split('\n').filter((line) => line.trim() !== '');

describe('start-up stops with one line naming the setting', () => {
  let busy: Server;
  let busyPort: number;
  beforeAll(async () => {
    busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    busyPort = (busy.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => busy.close(() => resolve())));

  it('a busy port names PORT', async () => {
    const { code, output } = await start({ PORT: String(busyPort), HOST: '127.0.0.1' });
    expect(lines(output)).toEqual([
      `Port ${busyPort} is already in use (127.0.0.1:${busyPort}): stop the other process or set PORT.`,
    ]);
    expect(code).toBe(1);
  });

  it('an unreachable Postgres names DATABASE_URL, without the password', async () => {
    const { code, output } = await start({
      PORT: '0',
      DATABASE_URL: 'postgres://postgres:secret-word@127.0.0.1:1/northern_guard',
    });
    expect(lines(output)).toEqual([
      'Cannot reach PostgreSQL at 127.0.0.1:1 (connect ECONNREFUSED 127.0.0.1:1): start it or set DATABASE_URL.',
    ]);
    expect(code).toBe(1);
  });

  it('an unreachable Redis names REDIS_URL', async () => {
    const { code, output } = await start({ PORT: '0', REDIS_URL: 'redis://127.0.0.1:1' });
    expect(lines(output)).toEqual([
      'Cannot reach Redis at 127.0.0.1:1 (connect ECONNREFUSED 127.0.0.1:1): start it or set REDIS_URL.',
    ]);
    expect(code).toBe(1);
  });
});
