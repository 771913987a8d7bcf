import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestApp, type TestApp } from '../../test/app.ts';

describe('users API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  it('creates a user who signs in with the temporary password and must change it', async () => {
    const created = await t.call(
      'POST',
      '/api/auth/create-user',
      { email: 'Sam@Example.com', firstName: 'Sam', lastName: 'Reed', role: 'user' },
      t.adminToken,
    );
    expect(created.status).toBe(201);
    expect(created.body.user).toMatchObject({ email: 'sam@example.com', firstName: 'Sam', role: 'user' });
    const list = await t.call('GET', '/api/users', undefined, t.adminToken);
    expect(list.body.map((u: { email: string }) => u.email)).toContain('sam@example.com');

    const login = await t.call('POST', '/api/auth/login', {
      email: 'sam@example.com',
      password: created.body.temporaryPassword,
    });
    expect(login.status).toBe(200);
    expect(login.body.needsPasswordChange).toBe(true);
    const changed = await t.call(
      'POST',
      '/api/auth/change-password',
      { currentPassword: created.body.temporaryPassword, newPassword: 'sam-new-pass' },
      login.body.token,
    );
    expect(changed.status).toBe(200);
    const again = await t.call('POST', '/api/auth/login', {
      email: 'sam@example.com',
      password: 'sam-new-pass',
    });
    expect(again.body.needsPasswordChange).toBe(false);
  });

  it('answers 401 to anonymous callers and 403 to non-admins', async () => {
    const created = await t.call(
      'POST',
      '/api/auth/create-user',
      { email: 'kim@example.com', firstName: 'Kim', role: 'user' },
      t.adminToken,
    );
    const token = await t.activate('kim@example.com', created.body.temporaryPassword);
    expect((await t.call('GET', '/api/users')).status).toBe(401);
    expect((await t.call('GET', '/api/users', undefined, token)).status).toBe(403);
    expect((await t.call('GET', '/api/users', undefined, token)).body).toEqual({
      error: 'forbidden',
      message: 'Admin access required.',
    });
  });

  it('never deletes oneself and names the field of a bad body', async () => {
    const me = await t.call('GET', '/api/auth/user', undefined, t.adminToken);
    const res = await t.call('DELETE', `/api/users/${me.body.id}`, undefined, t.adminToken);
    expect(res).toMatchObject({ status: 400, body: { message: 'You cannot delete your own account.' } });
    const bad = await t.call(
      'POST',
      '/api/auth/create-user',
      { email: 'not-an-email', firstName: 'X' },
      t.adminToken,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^email: /);
    expect(ADMIN.email).toBe(me.body.email);
  });
});
