import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';

describe('signing in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  it('from several devices at once: every sign-in succeeds and each is recorded', async () => {
    const person = await t.createUser({ email: 'many-devices@example.com' });
    await t.activate(person.email, person.temporaryPassword, 'device-password-1');
    const answers = await Promise.all(
      Array.from({ length: 24 }, () =>
        t.call('POST', '/api/auth/login', { email: person.email, password: 'device-password-1' }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(24).fill(200));
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM es_events
      WHERE stream_name = ${`user-${person.id}`} AND type = 'UserLoggedIn'`.execute(t.deps.db);
    // The activation's sign-in and the 24.
    expect(rows[0]!.n).toBe(25);
  });
});
