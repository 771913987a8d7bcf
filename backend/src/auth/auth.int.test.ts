import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestApp, type TestApp } from '../../test/app.ts';

describe('auth API', () => {
  let t: TestApp;
  let seq = 0;

  /** A fresh account with role 'user' and a known, non-temporary password. */
  async function newUser(password = 'first-pass-1') {
    seq++;
    const created = await t.createUser({
      email: `auth-user-${seq}@example.com`,
      firstName: `Auth${seq}`,
      lastName: 'Tester',
    });
    const token = await t.login(created.email, created.temporaryPassword);
    const changed = await t.call(
      'POST',
      '/api/auth/change-password',
      { currentPassword: created.temporaryPassword, newPassword: password },
      token,
    );
    expect(changed.status).toBe(200);
    return { id: created.id, email: created.email, password, token };
  }

  const loginStatus = async (email: string, password: string) =>
    (await t.call('POST', '/api/auth/login', { email, password })).status;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  describe('POST /api/auth/login', () => {
    it('answers a token, the user and whether the password must be changed', async () => {
      const res = await t.call('POST', '/api/auth/login', { email: ADMIN.email, password: ADMIN.password });
      expect(res.status).toBe(200);
      expect(typeof res.body.token).toBe('string');
      expect(res.body.token.length).toBeGreaterThan(20);
      expect(res.body.needsPasswordChange).toBe(false);
      expect(res.body.user).toMatchObject({ email: ADMIN.email, role: 'admin', firstName: 'Admin' });
      expect(Number.isInteger(res.body.user.id)).toBe(true);
      // The token is a working session.
      const me = await t.call('GET', '/api/auth/user', undefined, res.body.token);
      expect(me.status).toBe(200);
      expect(me.body.email).toBe(ADMIN.email);
    });

    it('accepts the e-mail in any case and with surrounding spaces', async () => {
      const res = await t.call('POST', '/api/auth/login', {
        email: '  Owner@Example.COM ',
        password: ADMIN.password,
      });
      expect(res.status).toBe(200);
      expect(res.body.user.email).toBe(ADMIN.email);
    });

    it('gives the same generic 401 for an unknown e-mail and for a wrong password', async () => {
      const unknown = await t.call('POST', '/api/auth/login', {
        email: 'nobody@example.com',
        password: ADMIN.password,
      });
      const wrong = await t.call('POST', '/api/auth/login', {
        email: ADMIN.email,
        password: 'not-the-password',
      });
      expect(unknown.status).toBe(401);
      expect(wrong.status).toBe(401);
      expect(unknown.body).toEqual({ error: 'unauthorized', message: 'Invalid email or password.' });
      expect(wrong.body).toEqual(unknown.body);
      expect(wrong.body.token).toBeUndefined();
    });

    it('answers 400 naming the missing field', async () => {
      const noPassword = await t.call('POST', '/api/auth/login', { email: ADMIN.email });
      expect(noPassword.status).toBe(400);
      expect(noPassword.body.error).toBe('validation_error');
      expect(noPassword.body.message).toMatch(/^password: /);

      const noEmail = await t.call('POST', '/api/auth/login', { password: ADMIN.password });
      expect(noEmail.status).toBe(400);
      expect(noEmail.body.message).toMatch(/^email: /);

      const blank = await t.call('POST', '/api/auth/login', { email: ADMIN.email, password: '' });
      expect(blank.status).toBe(400);
      expect(blank.body.message).toBe('password: Please enter both email and password.');

      const empty = await t.call('POST', '/api/auth/login', {});
      expect(empty.status).toBe(400);
      expect(empty.body.token).toBeUndefined();
    });
  });

  describe('GET /api/auth/user', () => {
    it('answers the signed-in user with no-store caching', async () => {
      const u = await newUser();
      const res = await t.call('GET', '/api/auth/user', undefined, u.token);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toMatchObject({
        id: u.id,
        email: u.email,
        firstName: `Auth${seq}`,
        lastName: 'Tester',
        role: 'user',
      });
      expect(res.body.password).toBeUndefined();
      expect(res.body.passwordHash).toBeUndefined();
    });

    it('answers 401 without a token or with an invalid one, also with no-store', async () => {
      const none = await t.call('GET', '/api/auth/user');
      expect(none.status).toBe(401);
      expect(none.body).toEqual({ error: 'unauthorized', message: expect.any(String) });
      expect(none.headers['cache-control']).toBe('no-store');

      const invalid = await t.call('GET', '/api/auth/user', undefined, 'not-a-real-token');
      expect(invalid.status).toBe(401);
      expect(invalid.body.error).toBe('unauthorized');

      const notBearer = await t.app.inject({
        method: 'GET',
        url: '/api/auth/user',
        headers: { authorization: t.adminToken },
      });
      expect(notBearer.statusCode).toBe(401);
    });
  });

  describe('POST /api/auth/change-password', () => {
    it('refuses a wrong current password and leaves the password as it was', async () => {
      const u = await newUser('keep-this-1');
      const res = await t.call(
        'POST',
        '/api/auth/change-password',
        { currentPassword: 'wrong-one', newPassword: 'hijacked-1' },
        u.token,
      );
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'wrong_password', message: 'Current password is incorrect.' });
      expect(await loginStatus(u.email, 'keep-this-1')).toBe(200);
      expect(await loginStatus(u.email, 'hijacked-1')).toBe(401);
    });

    it('refuses a new password shorter than 6 characters', async () => {
      const u = await newUser('keep-this-2');
      const res = await t.call(
        'POST',
        '/api/auth/change-password',
        { currentPassword: 'keep-this-2', newPassword: 'abc12' },
        u.token,
      );
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('validation_error');
      expect(res.body.message).toBe('newPassword: Password must be at least 6 characters long.');
      expect(await loginStatus(u.email, 'keep-this-2')).toBe(200);
      expect(await loginStatus(u.email, 'abc12')).toBe(401);
    });

    it('needs a session', async () => {
      const res = await t.call('POST', '/api/auth/change-password', {
        currentPassword: 'x',
        newPassword: 'whatever-1',
      });
      expect(res.status).toBe(401);
      expect(res.body.error).toBe('unauthorized');
      // Also with a body that would fail validation: the session is checked first.
      const bad = await t.call('POST', '/api/auth/change-password', { newPassword: 'x' });
      expect(bad.status).toBe(401);
    });

    it('changes the password: the old one stops working, the new one signs in', async () => {
      const u = await newUser('old-pass-1');
      const res = await t.call(
        'POST',
        '/api/auth/change-password',
        { currentPassword: 'old-pass-1', newPassword: 'new-pass-1' },
        u.token,
      );
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      expect(await loginStatus(u.email, 'old-pass-1')).toBe(401);
      const again = await t.call('POST', '/api/auth/login', { email: u.email, password: 'new-pass-1' });
      expect(again.status).toBe(200);
      expect(again.body.needsPasswordChange).toBe(false);
    });
  });

  describe('logout', () => {
    it('POST /api/auth/logout revokes the token, and only that token', async () => {
      const u = await newUser();
      const other = await t.login(u.email, u.password);
      expect((await t.call('GET', '/api/auth/user', undefined, u.token)).status).toBe(200);
      const res = await t.call('POST', '/api/auth/logout', undefined, u.token);
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      expect((await t.call('GET', '/api/auth/user', undefined, u.token)).status).toBe(401);
      expect(
        (
          await t.call(
            'POST',
            '/api/auth/change-password',
            { currentPassword: u.password, newPassword: 'x-y-z-1' },
            u.token,
          )
        ).status,
      ).toBe(401);
      expect((await t.call('GET', '/api/auth/user', undefined, other)).status).toBe(200);
    });

    it('GET /api/logout redirects to /login and revokes the token', async () => {
      const u = await newUser();
      const res = await t.call('GET', '/api/logout', undefined, u.token);
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe('/login');
      expect((await t.call('GET', '/api/auth/user', undefined, u.token)).status).toBe(401);
      // Without a session it still just redirects.
      const anonymous = await t.call('GET', '/api/logout');
      expect(anonymous.status).toBe(302);
      expect(anonymous.headers.location).toBe('/login');
    });
  });

  describe('temporary passwords', () => {
    it('an admin issues one; it signs in with needsPasswordChange and the previous password stops working', async () => {
      const u = await newUser('before-reset-1');
      const res = await t.call(
        'POST',
        '/api/auth/generate-temp-password',
        { userEmail: u.email.toUpperCase() },
        t.adminToken,
      );
      expect(res.status).toBe(200);
      const temp = res.body.temporaryPassword as string;
      expect(typeof temp).toBe('string');
      expect(temp.length).toBeGreaterThanOrEqual(8);

      expect(await loginStatus(u.email, 'before-reset-1')).toBe(401);
      const login = await t.call('POST', '/api/auth/login', { email: u.email, password: temp });
      expect(login.status).toBe(200);
      expect(login.body.needsPasswordChange).toBe(true);

      // Until the new password is chosen, the session reads only itself.
      expect((await t.call('GET', '/api/auth/user', undefined, login.body.token)).status).toBe(200);
      const blocked = await t.call('GET', '/api/users', undefined, login.body.token);
      expect(blocked.status).toBe(403);
      expect(blocked.body).toEqual({
        error: 'password_change_required',
        message: 'Please create a new password to continue.',
      });

      // Choosing a new password clears the flag.
      const changed = await t.call(
        'POST',
        '/api/auth/change-password',
        { currentPassword: temp, newPassword: 'after-reset-1' },
        login.body.token,
      );
      expect(changed.status).toBe(200);
      expect((await t.call('GET', '/api/users', undefined, login.body.token)).body.error).toBe('forbidden');
      const after = await t.call('POST', '/api/auth/login', { email: u.email, password: 'after-reset-1' });
      expect(after.body.needsPasswordChange).toBe(false);
      expect(await loginStatus(u.email, temp)).toBe(401);
    });

    it('answers 404 for an unknown e-mail and 400 for a malformed one', async () => {
      const unknown = await t.call(
        'POST',
        '/api/auth/generate-temp-password',
        { userEmail: 'ghost@example.com' },
        t.adminToken,
      );
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ error: 'not_found', message: 'No user with that email address.' });
      const bad = await t.call(
        'POST',
        '/api/auth/generate-temp-password',
        { userEmail: 'ghost' },
        t.adminToken,
      );
      expect(bad.status).toBe(400);
      expect(bad.body.message).toMatch(/^userEmail: /);
    });

    it('keeps only the last 5, and only the newest one signs in', async () => {
      const u = await newUser();
      const issued: string[] = [];
      for (let i = 0; i < 7; i++) {
        const res = await t.call(
          'POST',
          '/api/auth/generate-temp-password',
          { userEmail: u.email },
          t.adminToken,
        );
        expect(res.status).toBe(200);
        issued.push(res.body.temporaryPassword);
      }
      expect(new Set(issued).size).toBe(7);
      const { rows } = await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM temporary_passwords WHERE user_id = ${u.id}`.execute(t.deps.db);
      expect(rows[0]?.n).toBe(5);
      expect(await loginStatus(u.email, issued[5]!)).toBe(401);
      expect(await loginStatus(u.email, issued[6]!)).toBe(200);
    });
  });
});
