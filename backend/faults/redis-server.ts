import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, openSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { sh, sleep } from './shell.ts';

/** `redis-cli` against our server; the answer as text. */
const cli = (port: number, ...args: string[]) =>
  sh('redis-cli', ['-h', '127.0.0.1', '-p', String(port), ...args], { timeoutMs: 5_000 });

/** One `INFO` field (`INFO persistence` → rdb_last_load_keys_loaded, …), or undefined. */
async function infoField(port: number, section: string, field: string) {
  const { output } = await cli(port, 'INFO', section);
  return new RegExp(`^${field}:(.*)$`, 'm').exec(output)?.[1]?.trim();
}

/**
 * A redis-server of our own on a spare port that keeps nothing on disk (`--save "" --appendonly no`), in a
 * fresh folder each start, so a restart always comes back empty, as a Redis without persistence does.
 */
export function redisServer(port: number, workDir: string, logFile: string) {
  let child: ChildProcess | undefined;

  async function start() {
    const dir = mkdtempSync(join(workDir, 'redis-'));
    const out = openSync(logFile, 'a');
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
      { stdio: ['ignore', out, out] },
    );
    for (let i = 0; i < 100; i++) {
      if ((await cli(port, 'PING')).output.includes('PONG')) return { dir };
      await sleep(50);
    }
    throw new Error(`redis-server on port ${port} did not answer PING`);
  }

  async function stop() {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await Promise.race([exited, sleep(5_000)]);
    if (running.exitCode === null) running.kill('SIGKILL');
  }

  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    pid: () => child?.pid,
    start,
    stop,
    keys: async () => Number((await cli(port, 'DBSIZE')).output.trim()) || 0,
    /**
     * Whether the server that just started began empty: it loaded no keys from disk and its folder had no
     * data file to load (what the application wrote since then does not count).
     */
    async startedEmpty(dir: string) {
      const loaded = await infoField(port, 'persistence', 'rdb_last_load_keys_loaded');
      const files = readdirSync(dir).filter((f) => f.endsWith('.rdb') || f.startsWith('appendonly'));
      return (loaded === undefined || loaded === '0') && files.length === 0;
    },
  };
}
export type RedisServer = ReturnType<typeof redisServer>;
