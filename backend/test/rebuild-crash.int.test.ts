import { type ChildProcess, spawn } from 'node:child_process';
import { projections } from '@app/projections/registry';
import { replayCheck } from '@app/projections/runtime/rebuild';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore } from '../src/eventstore/postgres.ts';
import { createKysely } from '../src/platform/db.ts';
import { migrate } from '../src/platform/migrations.ts';
import { createTestDatabase } from './db.ts';
import { seedUserEvents } from './seed.ts';

const EVENTS = 50_000;

/**
 * Crash safety of rebuilds: the CLI is killed with SIGKILL at random points while rebuilding 50,000
 * events, restarted each time, and the views it finally swaps in must equal a clean replay of the log.
 */
describe('projection rebuild survives SIGKILL', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: ReturnType<typeof createKysely>;
  let store: PostgresEventStore;
  let seeded: { users: number; events: number };

  beforeAll(async () => {
    database = await createTestDatabase();
    db = createKysely(database.pool);
    await migrate(db as never);
    store = new PostgresEventStore(database.pool);
    seeded = await seedUserEvents(store, EVENTS, 5);
  }, 120_000);
  afterAll(async () => {
    await store?.close();
    await database?.drop();
  });

  const runCli = (...args: string[]): ChildProcess =>
    // node itself, not the tsx wrapper, so that SIGKILL reaches the process doing the work.
    spawn(process.execPath, ['--import', 'tsx', 'backend/src/processes/projections-cli.ts', ...args], {
      env: { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  const exited = (child: ChildProcess) =>
    new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const buildProgress = async () => {
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM projection_checkpoints
      WHERE target = 'build' AND (position_commit > 0 OR position_prepare > 0)`.execute(db);
    return rows[0]?.n ?? 0;
  };

  it('kills the rebuild at random points, resumes it, and ends identical to a clean replay', async () => {
    let kills = 0;
    let killedMidBuild = 0;
    for (let attempt = 0; attempt < 10 && kills < 3; attempt++) {
      const child = runCli('rebuild', '--all');
      const done = exited(child);
      // Wait until this run has committed some build progress, then kill it after a random extra moment.
      const started = Date.now();
      while ((await buildProgress()) === 0 && Date.now() - started < 20_000) {
        if (child.exitCode !== null) break;
        await new Promise((r) => setTimeout(r, 25));
      }
      await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 400)));
      if (child.exitCode === null) {
        child.kill('SIGKILL');
        kills++;
        await done;
        if ((await buildProgress()) > 0) killedMidBuild++; // a half-built view was left to resume from
      }
      await done;
    }
    expect(kills).toBeGreaterThanOrEqual(3);
    expect(killedMidBuild).toBeGreaterThanOrEqual(1);

    const final = runCli('rebuild', '--all');
    let output = '';
    final.stdout?.on('data', (c) => (output += c));
    final.stderr?.on('data', (c) => (output += c));
    const code = await exited(final);
    expect(output).toMatch(/rebuilt users/);
    expect(code).toBe(0);

    const { rows: left } = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM projection_checkpoints WHERE target <> 'live'`.execute(db);
    expect(left[0]?.n).toBe(0);
    for (const p of projections) expect(await replayCheck(db as never, store, p)).toEqual([]);

    const users = await sql<{ n: number }>`SELECT count(*)::int AS n FROM rm.users`.execute(db);
    const audit = await sql<{ n: number }>`SELECT count(*)::int AS n FROM rm.audit_log`.execute(db);
    expect(users.rows[0]?.n).toBe(seeded.users);
    expect(audit.rows[0]?.n).toBe(seeded.events);
  }, 240_000);
});
