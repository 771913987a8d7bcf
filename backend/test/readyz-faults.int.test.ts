import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { createCheckpoint } from '@app/projections/runtime/checkpoints';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toNewEvents } from '../src/platform/command.ts';
import type { AppDeps } from '../src/platform/deps.ts';
import { startTestApp, type TestApp } from './app.ts';
import { eventually } from './eventually.ts';
import { userCreated } from './seed.ts';

const actor = { id: 1, role: 'admin' as const, correlationId: randomUUID(), clientIp: null };

/**
 * /readyz when something is wrong: it answers fast and says not ready or degraded, naming the failing
 * dependency; the cause is for admins (/api/ops/readiness) and the ops command.
 */
describe('/readyz under faults', () => {
  let t: TestApp;
  const readyz = async () => {
    const started = Date.now();
    const res = await t.call('GET', '/readyz');
    return { ...res, ms: Date.now() - started };
  };
  const report = async () => {
    const res = await t.call('GET', '/api/ops/readiness', undefined, t.adminToken);
    expect(res.status).toBe(200);
    return res.body;
  };
  const cli = async (...args: string[]) => {
    try {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', 'backend/src/processes/projections-cli.ts', ...args],
        { env: { ...process.env, DATABASE_URL: t.database.url, LOG_LEVEL: 'silent' } },
      );
      return { code: 0, out: stdout };
    } catch (err) {
      const e = err as { code: number; stdout: string; stderr: string };
      return { code: e.code, out: e.stdout + e.stderr };
    }
  };

  beforeAll(async () => {
    t = await startTestApp({ env: { READY_MAX_LAG_SECONDS: '2' } });
  });
  afterAll(async () => t?.close());

  it('answers within a second when Redis is stopped, instead of hanging', async () => {
    const deps = t.deps as { redis: AppDeps['redis'] };
    const live = deps.redis;
    // Nothing listens there: with retries on, ioredis queues the ping and never answers it.
    const stopped = new Redis('redis://127.0.0.1:9', { maxRetriesPerRequest: null });
    stopped.on('error', () => undefined);
    deps.redis = stopped;
    try {
      const res = await readyz();
      expect(res.ms).toBeLessThan(1000);
      expect(res.status).toBe(503);
      // A client that is not connected is reported at once, without waiting out the check's 800 ms.
      expect(res.body.checks).toMatchObject({ database: 'ok', redis: 'failing' });
      expect((await report()).checks.redis).toMatch(/^Redis is /);
    } finally {
      deps.redis = live;
      stopped.disconnect();
    }
    expect((await readyz()).status).toBe(200);
  });

  it('is degraded by a parked event, names the view, and `projections retry` clears it after the fix', async () => {
    // A constraint the projector's row breaks: it fails the same way every time, so the event is parked.
    await sql`ALTER TABLE rm.users ADD CONSTRAINT test_no_zed CHECK (first_name <> 'Zed')`.execute(t.deps.db);
    await t.deps.store.append('user-900', toNewEvents([userCreated(900, 'Zed')], actor), 'no_stream');
    const res = await eventually('a degraded /readyz', async () => {
      const r = await readyz();
      return r.status === 503 && r.body;
    });
    expect(res).toEqual({
      status: 'degraded',
      checks: { database: 'ok', eventStore: 'ok', redis: 'ok', projections: 'failing' },
    });
    const details = await report();
    expect(details.status).toBe('degraded');
    expect(details.checks.projections).toBe('parked events in: users (1)');
    expect(details.parked).toEqual({ users: 1 });

    const status = await cli('status');
    expect(status.code).toBe(0);
    expect(status.out).toMatch(/parked in users: UserCreated .*stream user-900/);

    expect((await cli('retry', 'users')).code).toBe(1); // not fixed yet: still failing, still parked
    await sql`ALTER TABLE rm.users DROP CONSTRAINT test_no_zed`.execute(t.deps.db); // the fix
    const retried = await cli('retry', 'users');
    expect(retried.out).toMatch(/users: 1 parked event\(s\) applied, 0 still failing/);
    expect(retried.code).toBe(0);
    const { rows } = await sql<{
      first_name: string;
    }>`SELECT first_name FROM rm.users WHERE id = 900`.execute(t.deps.db);
    expect(rows).toEqual([{ first_name: 'Zed' }]);
    expect((await readyz()).status).toBe(200);
    expect((await report()).parked).toBeUndefined();
  }, 60_000);

  it('is not ready while a view has tables of another version or a rebuild in progress', async () => {
    const db = t.deps.db;
    await sql`UPDATE projection_checkpoints SET version = version + 100 WHERE name = 'audit' AND target = 'live'`.execute(
      db,
    );
    try {
      const res = await readyz();
      expect(res.status).toBe(503);
      expect(res.body.checks.projections).toBe('failing');
      expect((await report()).checks.projections).toMatch(
        /version differs: audit \(tables v\d+, code v\d+\)/,
      );
    } finally {
      await sql`UPDATE projection_checkpoints SET version = version - 100 WHERE name = 'audit' AND target = 'live'`.execute(
        db,
      );
    }
    await createCheckpoint(db as never, 'audit', 'build', 1);
    try {
      expect((await readyz()).status).toBe(503);
      expect((await report()).checks.projections).toBe('rebuilding: audit');
    } finally {
      await sql`DELETE FROM projection_checkpoints WHERE name = 'audit' AND target = 'build'`.execute(db);
    }
    expect((await readyz()).status).toBe(200);
  });

  it('names the long transaction that holds the readers back, and for how long, to admins only', async () => {
    const holder = new pg.Client({
      connectionString: t.database.url,
      application_name: 'long-tx-test',
      options: '-c idle_in_transaction_session_timeout=0',
    });
    holder.on('error', () => undefined);
    await holder.connect();
    try {
      await holder.query('BEGIN');
      const { rows } = await holder.query<{ pid: number }>('SELECT txid_current(), pg_backend_pid() AS pid');
      // Appended after it began: no reader sees this event until the transaction ends.
      await t.deps.store.append('user-901', toNewEvents([userCreated(901, 'Held')], actor), 'no_stream');
      const body = await eventually(
        'the report to name the transaction',
        async () => {
          const r = await report();
          return r.status === 'not ready' && r.heldBack?.transaction?.applicationName === 'long-tx-test' && r;
        },
        20_000,
      );
      // The public answer says which dependency, never another session's SQL, pid, database or application.
      const open = await readyz();
      expect(open.status).toBe(503);
      expect(open.body).toEqual({
        status: 'not ready',
        checks: { database: 'ok', eventStore: 'ok', redis: 'ok', projections: 'failing' },
      });
      const text = JSON.stringify(open.body);
      for (const secret of ['long-tx-test', 'txid_current', String(rows[0]!.pid), t.database.name])
        expect(text).not.toContain(secret);
      expect(body.heldBack.transaction).toMatchObject({
        pid: rows[0]!.pid,
        database: t.database.name,
        state: 'idle in transaction',
        query: 'SELECT txid_current(), pg_backend_pid() AS pid',
      });
      expect(body.heldBack.events).toBe(1);
      expect(body.checks.projections).toMatch(
        new RegExp(`held back: 1 event\\(s\\) held back [\\d.]+ s by transaction pid ${rows[0]!.pid} `),
      );
      const status = await cli('status');
      expect(status.out).toMatch(/Readers held back: 1 event\(s\) held back .* application long-tx-test/);
    } finally {
      await holder.query('COMMIT').catch(() => undefined);
      await holder.end();
    }
    await eventually('ready again', async () => (await readyz()).status === 200);
  }, 60_000);
});
