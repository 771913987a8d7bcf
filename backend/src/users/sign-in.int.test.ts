import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { portalClientWithProject } from '../../test/clients.ts';

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
      WHERE stream_name = ${`user-activity-${person.id}`} AND type = 'UserLoggedIn'`.execute(t.deps.db);
    // The activation's sign-in and the 24.
    expect(rows[0]!.n).toBe(25);
  });
});

describe('signing in while the read models are behind (projections stopped)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { READ_YOUR_WRITES_TIMEOUT_MS: '300' } });
  });
  afterAll(async () => t?.close());

  it('a just-made account signs in with its temporary password, changes it and works, with its role at once', async () => {
    await t.pauseProjections();
    try {
      const made = await t.call(
        'POST',
        '/api/auth/create-user',
        { email: 'lagging@example.com', firstName: 'Lag', lastName: 'Ging', role: 'user' },
        t.adminToken,
      );
      expect(made.status).toBe(201);
      const login = await t.call('POST', '/api/auth/login', {
        email: 'lagging@example.com',
        password: made.body.temporaryPassword,
      });
      expect(login.status).toBe(200);
      expect(login.body).toMatchObject({
        needsPasswordChange: true,
        user: { id: made.body.user.id, email: 'lagging@example.com', firstName: 'Lag', role: 'user' },
      });
      const token = login.body.token as string;
      const me = await t.call('GET', '/api/auth/user', undefined, token);
      expect([me.status, me.body.firstName, me.body.role]).toEqual([200, 'Lag', 'user']);
      const changed = await t.call(
        'POST',
        '/api/auth/change-password',
        { currentPassword: made.body.temporaryPassword, newPassword: 'lagging-password-1' },
        token,
      );
      expect(changed.status).toBe(200);
      expect((await t.call('GET', '/api/projects/client', undefined, token)).status).toBe(200);
      // A promotion counts on the next request, though the users view has not seen the account yet.
      expect((await t.call('GET', '/api/users', undefined, token)).status).toBe(403);
      const promoted = await t.call(
        'PUT',
        `/api/users/${made.body.user.id}/role`,
        { role: 'admin' },
        t.adminToken,
      );
      expect(promoted.status).toBe(202);
      expect((await t.call('GET', '/api/users', undefined, token)).status).toBe(200);
      const again = await t.call('POST', '/api/auth/login', {
        email: 'lagging@example.com',
        password: 'lagging-password-1',
      });
      expect([again.status, again.body.user.role]).toEqual([200, 'admin']);
    } finally {
      t.resumeProjections();
    }
  });
});

describe("an account's name follows its client record", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { READ_YOUR_WRITES_TIMEOUT_MS: '4000' } });
  });
  afterAll(async () => t?.close());

  it('a renamed client is greeted by the new name on the next request, while the users view is behind', async () => {
    const { token, clientId } = await portalClientWithProject(t, {
      name: 'Old Name',
      email: 'renamed@example.com',
    });
    expect((await t.call('GET', '/api/auth/user', undefined, token)).body.firstName).toBe('Old');
    await t.pauseProjections();
    try {
      const renamed = await t.call(
        'PUT',
        `/api/clients/${clientId}`,
        { name: 'New Person', email: 'renamed@example.com' },
        t.adminToken,
      );
      expect([200, 202]).toContain(renamed.status);
      const me = await t.call('GET', '/api/auth/user', undefined, token);
      expect([me.body.firstName, me.body.lastName]).toEqual(['New', 'Person']);
    } finally {
      t.resumeProjections();
    }
  });
});

describe('temporary passwords expire after 7 days', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  it('an expired one is refused with its own message; a wrong one still gets the generic answer', async () => {
    const u = await t.createUser({ email: 'expired@example.com' });
    expect(
      (await t.call('POST', '/api/auth/login', { email: u.email, password: u.temporaryPassword })).status,
    ).toBe(200);
    const { rows } = await sql<{ days: number }>`
      SELECT extract(day FROM temporary_expires_at - now())::int AS days FROM credentials WHERE user_id = ${u.id}`.execute(
      t.deps.db,
    );
    expect(rows[0]!.days).toBeGreaterThanOrEqual(6);
    await sql`UPDATE credentials SET temporary_expires_at = now() - interval '1 minute'
      WHERE user_id = ${u.id}`.execute(t.deps.db);
    const expired = await t.call('POST', '/api/auth/login', {
      email: u.email,
      password: u.temporaryPassword,
    });
    expect([expired.status, expired.body]).toEqual([
      401,
      {
        error: 'unauthorized',
        message: 'This temporary password has expired. Ask your administrator for a new one.',
      },
    ]);
    const wrong = await t.call('POST', '/api/auth/login', { email: u.email, password: 'not-it-at-all' });
    expect([wrong.status, wrong.body.message]).toEqual([401, 'Invalid email or password.']);
    // A new one from the administrator signs in again.
    const reset = await t.call(
      'POST',
      '/api/auth/generate-temp-password',
      { userEmail: u.email },
      t.adminToken,
    );
    const fresh = await t.call('POST', '/api/auth/login', {
      email: u.email,
      password: reset.body.temporaryPassword,
    });
    expect(fresh.status).toBe(200);
  });
});
