import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { portalClientWithProject } from '../../test/clients.ts';
import { eventually } from '../../test/eventually.ts';
import { systemActor, toNewEvents } from '../platform/command.ts';

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
    // Nothing of it in the stream admins edit; the users view still reads the last sign-in.
    const { rows: edited } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM es_events
      WHERE stream_name = ${`user-${person.id}`} AND type = 'UserLoggedIn'`.execute(t.deps.db);
    expect(edited[0]!.n).toBe(0);
    await eventually('the last sign-in in the users view', async () => {
      const { rows: seen } = await sql<{ at: Date | null }>`SELECT last_login_at AS at FROM rm.users
        WHERE id = ${person.id}`.execute(t.deps.db);
      return seen[0]?.at != null;
    });
  });
});

describe('bookkeeping stored in the account stream before it had a stream of its own', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  it('still shows in the trail and the users view, and the account is still changed as before', async () => {
    const u = await t.createUser({ email: 'old-stream@example.com' });
    const stream = `user-${u.id}`;
    const revision = (await t.deps.store.readStream(stream)).at(-1)!.revision;
    const old = toNewEvents(
      [
        { type: 'UserLoggedIn', data: { userId: u.id, withTemporaryPassword: true } },
        { type: 'UserLoggedOut', data: { userId: u.id } },
      ],
      { ...systemActor(), id: u.id, role: 'user' },
    );
    await t.deps.waitForProjections(await t.deps.store.append(stream, old, revision));
    t.deps.aggregates.forget(stream);
    const promoted = await t.call('PUT', `/api/users/${u.id}/role`, { role: 'client' }, t.adminToken);
    expect([promoted.status, promoted.body.role]).toEqual([200, 'client']);
    // Credentials made before they kept the role: the sign-in takes it from the stream and fills it in.
    await sql`UPDATE credentials SET role = NULL, first_name = NULL, last_name = NULL, created_at = NULL
      WHERE user_id = ${u.id}`.execute(t.deps.db);
    const signedIn = await t.call('POST', '/api/auth/login', {
      email: u.email,
      password: u.temporaryPassword,
    });
    expect([signedIn.status, signedIn.body.user.role, signedIn.body.user.firstName]).toEqual([
      200,
      'client',
      expect.stringMatching(/^Person/),
    ]);
    const me = await t.call('GET', '/api/auth/user', undefined, signedIn.body.token);
    expect([me.status, me.body.role]).toEqual([200, 'client']);
    const { rows: filled } = await sql<{ role: string | null }>`SELECT role FROM credentials
      WHERE user_id = ${u.id}`.execute(t.deps.db);
    expect(filled[0]!.role).toBe('client');
    // A sign-in does not wait for the read models.
    const trail = await eventually('the sign-in in the trail', async () => {
      const res = await t.call('GET', `/api/audit?stream=${stream}`, undefined, t.adminToken);
      return res.body.length === 6 && res;
    });
    expect((trail.body as { type: string; stream: string }[]).map((e) => [e.type, e.stream])).toEqual([
      ['UserLoggedIn', `user-activity-${u.id}`],
      ['UserRoleChanged', stream],
      ['UserLoggedOut', stream],
      ['UserLoggedIn', stream],
      ['TemporaryPasswordIssued', stream],
      ['UserCreated', stream],
    ]);
    const { rows } = await sql<{ at: Date | null }>`SELECT last_login_at AS at FROM rm.users
      WHERE id = ${u.id}`.execute(t.deps.db);
    expect(rows[0]?.at).not.toBeNull();
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
