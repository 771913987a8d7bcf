import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { createCredentials, writeNow } from '../auth/credentials.ts';
import { nextId } from '../platform/ids.ts';
import { sweepOrphanLogins } from './orphans.ts';

describe('sign-ins left without an account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  const age = (userId: number, minutes: number) =>
    sql`UPDATE credentials SET updated_at = now() - make_interval(mins => ${minutes})
      WHERE user_id = ${userId}`.execute(t.deps.db);

  /** What EventStoreDB's reservation of a new account writes before its events (see `prepareAccount`). */
  const reserve = async (email: string) => {
    const userId = await nextId(t.deps.db, 'user_ids');
    const account = {
      userId,
      email,
      passwordHash: 'x',
      temporary: true,
      role: null,
      firstName: null,
      lastName: null,
    };
    await writeNow(t.deps.db, createCredentials(t.deps.db, account));
    return userId;
  };

  it('are removed once old enough, freeing the e-mail; real accounts and fresh credentials stay', async () => {
    // On EventStoreDB, a process died between reserving the credentials and appending the account's events.
    const orphan = await reserve('orphan@example.com');
    const fresh = await reserve('fresh@example.com');
    const real = await t.createUser({ email: 'real@example.com' });
    await age(orphan, 10);
    await age(real.id, 10);
    const taken = await t.call(
      'POST',
      '/api/auth/create-user',
      { email: 'orphan@example.com', firstName: 'Or', lastName: 'Phan', role: 'user' },
      t.adminToken,
    );
    expect(taken.status).toBe(409);

    expect(await sweepOrphanLogins(t.deps)).toEqual([orphan]);
    const { rows } = await sql<{ user_id: number }>`SELECT user_id FROM credentials ORDER BY user_id`.execute(
      t.deps.db,
    );
    const left = rows.map((r) => r.user_id);
    expect(left).toContain(fresh);
    expect(left).toContain(real.id);
    expect(left).not.toContain(orphan);
    const created = await t.call(
      'POST',
      '/api/auth/create-user',
      { email: 'orphan@example.com', firstName: 'Or', lastName: 'Phan', role: 'user' },
      t.adminToken,
    );
    expect(created.status).toBe(201);
  });
});
