import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestApp, type TestApp } from '../../test/app.ts';
import { eventually } from '../../test/eventually.ts';
import { holdReads } from '../../test/hold-reads.ts';
import { ConcurrencyError } from '../eventstore/port.ts';
import { systemActor, toNewEvents } from '../platform/command.ts';

interface UserDto {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  createdAt: string;
}

/**
 * Every admin-only endpoint, each with a request that passes validation and (where there is input) one that
 * does not: the guard answers before the input is looked at.
 */
const ADMIN_ENDPOINTS: { method: string; url: string; body?: unknown; badUrl?: string; badBody?: unknown }[] =
  [
    { method: 'GET', url: '/api/users' },
    { method: 'GET', url: '/api/users/admins' },
    {
      method: 'POST',
      url: '/api/users/create-admin',
      body: { email: 'sneaky-admin@example.com', firstName: 'Sneaky' },
      badBody: { email: 'nope' },
    },
    {
      method: 'PUT',
      url: '/api/users/1/role',
      body: { role: 'user' },
      badUrl: '/api/users/abc/role',
      badBody: { role: 'superuser' },
    },
    {
      method: 'PUT',
      url: '/api/users/email/x@y.co/role',
      body: { role: 'admin' },
      badUrl: '/api/users/email/x/role',
      badBody: {},
    },
    { method: 'DELETE', url: '/api/users/1', badUrl: '/api/users/-1' },
    {
      method: 'POST',
      url: '/api/auth/generate-temp-password',
      body: { userEmail: ADMIN.email },
      badBody: {},
    },
    {
      method: 'POST',
      url: '/api/auth/create-user',
      body: { email: 'sneaky-user@example.com', firstName: 'Sneaky', role: 'admin' },
      badBody: { email: 'sneaky', role: 'superuser' },
    },
    { method: 'GET', url: '/api/audit?stream=user-1', badUrl: '/api/audit?stream=../../etc' },
  ];

describe('admin endpoints', () => {
  let t: TestApp;
  let member: { id: number; email: string; password: string; token: string };
  let adminId: number;
  let seq = 0;

  const users = async (): Promise<UserDto[]> => {
    const res = await t.call('GET', '/api/users', undefined, t.adminToken);
    expect(res.status).toBe(200);
    return res.body;
  };
  const admins = async (): Promise<UserDto[]> => {
    const res = await t.call('GET', '/api/users/admins', undefined, t.adminToken);
    expect(res.status).toBe(200);
    return res.body;
  };
  const create = async (role = 'user') => {
    seq++;
    const u = await t.createUser({ email: `member-${seq}@example.com`, firstName: `Member${seq}`, role });
    const password = `member-password-${seq}`;
    await t.activate(u.email, u.temporaryPassword, password);
    return { id: u.id, email: u.email, password };
  };
  const setRole = (id: number, role: string) =>
    t.call('PUT', `/api/users/${id}/role`, { role }, t.adminToken);

  beforeAll(async () => {
    t = await startTestApp();
    const m = await create('user');
    member = { ...m, token: await t.login(m.email, m.password) };
    adminId = (await t.call('GET', '/api/auth/user', undefined, t.adminToken)).body.id;
  });
  afterAll(async () => t?.close());

  describe('guards', () => {
    it.each(ADMIN_ENDPOINTS)(
      '$method $url: 401 anonymous, 403 for a non-admin',
      async ({ method, url, body }) => {
        const anonymous = await t.call(method, url, body);
        expect(anonymous.status).toBe(401);
        expect(anonymous.body).toEqual({ error: 'unauthorized', message: 'Please sign in to continue.' });

        const badToken = await t.call(method, url, body, 'forged-token');
        expect(badToken.status).toBe(401);

        const nonAdmin = await t.call(method, url, body, member.token);
        expect(nonAdmin.status).toBe(403);
        expect(nonAdmin.body).toEqual({ error: 'forbidden', message: 'Admin access required.' });
      },
    );

    it.each(ADMIN_ENDPOINTS.filter((e) => e.badUrl || e.badBody))(
      '$method $url with invalid input: still 401 anonymous, 403 for a non-admin',
      async ({ method, url, body, badUrl, badBody }) => {
        const anonymous = await t.call(method, badUrl ?? url, badBody ?? body);
        expect(anonymous.status).toBe(401);
        expect(anonymous.body.error).toBe('unauthorized');
        const nonAdmin = await t.call(method, badUrl ?? url, badBody ?? body, member.token);
        expect(nonAdmin.status).toBe(403);
        expect(nonAdmin.body.error).toBe('forbidden');
        // The same input from an admin is what fails validation.
        const admin = await t.call(method, badUrl ?? url, badBody ?? body, t.adminToken);
        expect(admin.status).toBe(400);
        expect(admin.body.error).toBe('validation_error');
      },
    );

    it('the refused calls changed nothing', async () => {
      const list = await users();
      expect(list.map((u) => u.email).sort()).toEqual([ADMIN.email, member.email].sort());
      expect(list.find((u) => u.id === adminId)?.role).toBe('admin');
      expect(adminId).toBe(1);
      expect(await t.login(ADMIN.email, ADMIN.password)).toEqual(expect.any(String));
    });
  });

  describe('bad bodies: 400 naming the field, nothing changes', () => {
    it('create-user with a bad e-mail or without a first name', async () => {
      const before = await users();
      const badEmail = await t.call(
        'POST',
        '/api/auth/create-user',
        { email: 'not-an-email', firstName: 'X' },
        t.adminToken,
      );
      expect(badEmail.status).toBe(400);
      expect(badEmail.body).toEqual({
        error: 'validation_error',
        message: expect.stringMatching(/^email: /),
      });
      const noName = await t.call(
        'POST',
        '/api/auth/create-user',
        { email: 'noname@example.com', firstName: '   ' },
        t.adminToken,
      );
      expect(noName.status).toBe(400);
      expect(noName.body.message).toBe('firstName: First name is required');
      const badRole = await t.call(
        'POST',
        '/api/auth/create-user',
        { email: 'badrole@example.com', firstName: 'B', role: 'root' },
        t.adminToken,
      );
      expect(badRole.status).toBe(400);
      expect(badRole.body.message).toMatch(/^role: /);
      expect(await users()).toEqual(before);
      // The e-mails were not reserved either.
      const later = await t.call(
        'POST',
        '/api/auth/create-user',
        { email: 'noname@example.com', firstName: 'Now' },
        t.adminToken,
      );
      expect(later.status).toBe(201);
    });

    it('create-admin with a bad e-mail', async () => {
      const before = await users();
      const res = await t.call(
        'POST',
        '/api/users/create-admin',
        { email: 'bad@', firstName: 'A' },
        t.adminToken,
      );
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^email: /);
      expect(await users()).toEqual(before);
    });

    it("PUT role with role 'superuser', a bad id or a bad e-mail", async () => {
      const target = await create('user');
      const before = await users();
      const superuser = await setRole(target.id, 'superuser');
      expect(superuser.status).toBe(400);
      expect(superuser.body).toEqual({
        error: 'validation_error',
        message: expect.stringMatching(/^role: /),
      });
      const byEmail = await t.call(
        'PUT',
        `/api/users/email/${target.email}/role`,
        { role: 'superuser' },
        t.adminToken,
      );
      expect(byEmail.status).toBe(400);
      expect(byEmail.body.message).toMatch(/^role: /);
      const noRole = await t.call('PUT', `/api/users/${target.id}/role`, {}, t.adminToken);
      expect(noRole.status).toBe(400);
      expect(noRole.body.message).toMatch(/^role: /);
      const badId = await t.call('PUT', '/api/users/abc/role', { role: 'admin' }, t.adminToken);
      expect(badId.status).toBe(400);
      expect(badId.body.message).toMatch(/^id: /);
      const badEmail = await t.call(
        'PUT',
        '/api/users/email/not-an-email/role',
        { role: 'admin' },
        t.adminToken,
      );
      expect(badEmail.status).toBe(400);
      expect(badEmail.body.message).toMatch(/^email: /);
      const badDelete = await t.call('DELETE', '/api/users/0', undefined, t.adminToken);
      expect(badDelete.status).toBe(400);
      expect(badDelete.body.message).toMatch(/^id: /);
      expect(await users()).toEqual(before);
    });
  });

  describe('user management', () => {
    it('create-user answers 201 and a duplicate e-mail (any case) 409', async () => {
      const created = await t.call(
        'POST',
        '/api/auth/create-user',
        { email: 'dup@example.com', firstName: 'Dup', lastName: 'One' },
        t.adminToken,
      );
      expect(created.status).toBe(201);
      expect(created.body.user).toMatchObject({
        email: 'dup@example.com',
        firstName: 'Dup',
        lastName: 'One',
        role: 'user',
      });
      const before = await users();
      const again = await t.call(
        'POST',
        '/api/auth/create-user',
        { email: 'DUP@example.com', firstName: 'Dup', lastName: 'Two' },
        t.adminToken,
      );
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ error: 'email_taken', message: 'A user with this email already exists.' });
      const asAdmin = await t.call(
        'POST',
        '/api/users/create-admin',
        { email: 'dup@example.com', firstName: 'Dup' },
        t.adminToken,
      );
      expect(asAdmin.status).toBe(409);
      expect(await users()).toEqual(before);
      // The original account is untouched: its temporary password still signs in.
      expect(await t.activate('dup@example.com', created.body.temporaryPassword)).toEqual(expect.any(String));
    });

    it('create-admin makes an admin who shows in GET /api/users/admins and can use admin endpoints', async () => {
      const res = await t.call(
        'POST',
        '/api/users/create-admin',
        { email: 'Second.Admin@example.com', firstName: 'Second', lastName: 'Admin' },
        t.adminToken,
      );
      expect(res.status).toBe(201);
      expect(res.body.user).toMatchObject({ email: 'second.admin@example.com', role: 'admin' });
      const list = await admins();
      expect(list.map((u) => u.email).sort()).toEqual([ADMIN.email, 'second.admin@example.com'].sort());
      expect(list.every((u) => u.role === 'admin')).toBe(true);
      const token = await t.activate('second.admin@example.com', res.body.temporaryPassword);
      expect((await t.call('GET', '/api/users', undefined, token)).status).toBe(200);
    });

    it('GET /api/users lists every user with the DTO fields only', async () => {
      const list = await users();
      expect(list.length).toBeGreaterThanOrEqual(3);
      for (const u of list)
        expect(Object.keys(u).sort()).toEqual(['createdAt', 'email', 'firstName', 'id', 'lastName', 'role']);
      expect(list.map((u) => u.email)).toContain(member.email);
    });

    it('changes a role by id and by e-mail; unknown id or e-mail → 404', async () => {
      const u = await create('user');
      const byId = await setRole(u.id, 'client');
      expect(byId.status).toBe(200);
      expect(byId.body).toMatchObject({ id: u.id, role: 'client' });
      const byEmail = await t.call(
        'PUT',
        `/api/users/email/${u.email.toUpperCase()}/role`,
        { role: 'admin' },
        t.adminToken,
      );
      expect(byEmail.status).toBe(200);
      expect(byEmail.body).toMatchObject({ id: u.id, role: 'admin' });
      // The change takes effect on the user's own session.
      const token = await t.login(u.email, u.password);
      expect((await t.call('GET', '/api/auth/user', undefined, token)).body.role).toBe('admin');
      expect((await t.call('GET', '/api/users', undefined, token)).status).toBe(200);

      const missing = await setRole(999_999, 'admin');
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ error: 'not_found', message: 'User not found' });
      const missingEmail = await t.call(
        'PUT',
        '/api/users/email/ghost@example.com/role',
        { role: 'admin' },
        t.adminToken,
      );
      expect(missingEmail.status).toBe(404);
      expect(missingEmail.body.error).toBe('not_found');
    });

    it('an admin cannot delete their own account', async () => {
      const res = await t.call('DELETE', `/api/users/${adminId}`, undefined, t.adminToken);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'delete_self', message: 'You cannot delete your own account.' });
      expect((await users()).map((u) => u.id)).toContain(adminId);
      expect(await t.login(ADMIN.email, ADMIN.password)).toEqual(expect.any(String));
    });

    it('deleting a user removes them, signs them out everywhere and stops their sign-in', async () => {
      const u = await create('user');
      const token1 = await t.login(u.email, u.password);
      const token2 = await t.login(u.email, u.password);
      expect((await t.call('GET', '/api/auth/user', undefined, token1)).status).toBe(200);

      const res = await t.call('DELETE', `/api/users/${u.id}`, undefined, t.adminToken);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true });
      expect((await users()).map((x) => x.id)).not.toContain(u.id);
      expect((await t.call('GET', '/api/auth/user', undefined, token1)).status).toBe(401);
      expect((await t.call('GET', '/api/auth/user', undefined, token2)).status).toBe(401);
      const login = await t.call('POST', '/api/auth/login', { email: u.email, password: u.password });
      expect(login.status).toBe(401);
      expect(login.body.message).toBe('Invalid email or password.');

      const again = await t.call('DELETE', `/api/users/${u.id}`, undefined, t.adminToken);
      expect(again.status).toBe(404);
      expect(again.body).toEqual({ error: 'not_found', message: 'User not found' });
      expect((await setRole(u.id, 'admin')).status).toBe(404);
      const unknown = await t.call('DELETE', '/api/users/999999', undefined, t.adminToken);
      expect(unknown.status).toBe(404);
    });
  });

  describe('read your writes', () => {
    it('the next GET shows a role change, 20 times in a row', async () => {
      const u = await create('user');
      for (let i = 0; i < 20; i++) {
        const role = i % 2 === 0 ? 'admin' : 'user';
        const res = await setRole(u.id, role);
        expect(res.status).toBe(200);
        const ids = (await admins()).map((x) => x.id);
        if (role === 'admin') expect(ids, `round ${i}`).toContain(u.id);
        else expect(ids, `round ${i}`).not.toContain(u.id);
        expect((await users()).find((x) => x.id === u.id)?.role, `round ${i}`).toBe(role);
      }
    });

    it('the next GET shows a created and a deleted user', async () => {
      for (let i = 0; i < 5; i++) {
        const u = await create('user');
        expect((await users()).map((x) => x.id)).toContain(u.id);
        expect((await t.call('DELETE', `/api/users/${u.id}`, undefined, t.adminToken)).status).toBe(200);
        expect((await users()).map((x) => x.id)).not.toContain(u.id);
      }
    });
  });

  describe('optimistic concurrency', () => {
    it('the store refuses an append at a stale revision with ConcurrencyError', async () => {
      const u = await create('user');
      const stream = `user-${u.id}`;
      const events = await t.deps.store.readStream(stream);
      const current = events[events.length - 1]!.revision;
      const loggedOut = () => toNewEvents([{ type: 'UserLoggedOut', data: { userId: u.id } }], systemActor());

      const ok = await t.deps.store.append(stream, loggedOut(), current);
      expect(ok.nextExpectedRevision).toBe(current + 1n);
      // `current` is stale now.
      await expect(t.deps.store.append(stream, loggedOut(), current)).rejects.toBeInstanceOf(
        ConcurrencyError,
      );
      await expect(t.deps.store.append(stream, loggedOut(), 'no_stream')).rejects.toBeInstanceOf(
        ConcurrencyError,
      );
      const after = await t.deps.store.readStream(stream);
      expect(after.length).toBe(events.length + 1);
    });

    it('two concurrent role changes: both answered 200, the final role is one of the two', async () => {
      for (let round = 0; round < 3; round++) {
        const u = await create('user');
        const [a, b] = await Promise.all([setRole(u.id, 'admin'), setRole(u.id, 'client')]);
        expect([a.status, b.status]).toEqual([200, 200]);
        const final = (await users()).find((x) => x.id === u.id)?.role;
        expect(['admin', 'client']).toContain(final);
      }
    });

    it('two role changes that read the same revision: the loser is decided again on the stored stream, no 409', async () => {
      const u = await create('user');
      const stream = `user-${u.id}`;
      // Both commands must read the stored stream, not the state this process remembers from creating it;
      // each is held after its read until both have read it.
      t.deps.aggregates.forget(stream);
      const held = holdReads(t.deps.store, stream, 2);
      try {
        const [a, b] = await Promise.all([setRole(u.id, 'admin'), setRole(u.id, 'client')]);
        expect([a.status, b.status]).toEqual([200, 200]);
        held.restore();
        // Both read revision N; one appended, the other met a conflict, read the stream again (a third read)
        // and was decided on the role the first had set: two changes, the second from the first's role.
        expect(held.reads()).toBeGreaterThanOrEqual(3);
        const changes = (await t.deps.store.readStream(stream)).filter((e) => e.type === 'UserRoleChanged');
        expect(changes).toHaveLength(2);
        const [first, second] = changes.map((e) => e.data as { from: string; to: string });
        expect(second!.from).toBe(first!.to);
        const final = (await users()).find((x) => x.id === u.id)?.role;
        expect(final).toBe(second!.to);
      } finally {
        held.restore();
      }
    });
  });
});

describe('a role change while the users view is behind', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { READ_YOUR_WRITES_TIMEOUT_MS: '300' } });
  });
  afterAll(async () => t?.close());

  it('answers 202, not the role from before, and the new role shows once the view is back', async () => {
    const u = await t.createUser({ role: 'user' });
    await t.pauseProjections();
    try {
      const changed = await t.call('PUT', `/api/users/${u.id}/role`, { role: 'admin' }, t.adminToken);
      expect([changed.status, changed.body.accepted, changed.body.id]).toEqual([202, true, u.id]);
      const byEmail = await t.call('PUT', `/api/users/email/${u.email}/role`, { role: 'user' }, t.adminToken);
      expect(byEmail.status).toBe(202);
    } finally {
      t.resumeProjections();
    }
    // Once the view is back (a restarted projections process takes a moment to own its views again), a change
    // is answered with the record as shown.
    await eventually('the users view back', async () => {
      const list = await t.call('GET', '/api/users', undefined, t.adminToken);
      return (list.body as { id: number; role: string }[]).find((x) => x.id === u.id)?.role === 'user';
    });
    const again = await t.call('PUT', `/api/users/${u.id}/role`, { role: 'admin' }, t.adminToken);
    expect([again.status, again.body.role]).toEqual([200, 'admin']);
  });

  it('signs a demoted admin out at once, even while the users view still says admin', async () => {
    const u = await t.createUser({ role: 'admin' });
    const token = await t.activate(u.email, u.temporaryPassword);
    expect((await t.call('GET', '/api/users', undefined, token)).status).toBe(200);
    await t.pauseProjections();
    try {
      const demoted = await t.call('PUT', `/api/users/${u.id}/role`, { role: 'user' }, t.adminToken);
      expect(demoted.status).toBe(202);
      expect((await t.call('GET', '/api/users', undefined, token)).status).toBe(401);
    } finally {
      t.resumeProjections();
    }
    // Promotion keeps the sessions: the next request already works with the new role.
    const promoted = await t.createUser({ role: 'user' });
    const theirs = await t.activate(promoted.email, promoted.temporaryPassword);
    expect(
      (await t.call('PUT', `/api/users/${promoted.id}/role`, { role: 'admin' }, t.adminToken)).status,
    ).toBe(200);
    expect((await t.call('GET', '/api/users', undefined, theirs)).status).toBe(200);
  });
});
