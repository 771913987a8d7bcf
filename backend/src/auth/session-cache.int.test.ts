import { comparePositions } from '@app/contracts/events/envelope';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { eventually } from '../../test/eventually.ts';
import { systemActor, toNewEvents } from '../platform/command.ts';
import { hashToken } from './secrets.ts';

/**
 * Requests find their session in a short-lived cache. Each test first makes a request so the session is
 * cached, changes something about it, and checks that the very next request sees the change. The cache
 * here keeps entries a minute, so only dropping them, never their expiry, can pass these tests.
 */
describe('remembered sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ sessionCacheMs: 60_000 });
  });
  afterAll(() => t?.close());

  const me = (token: string) => t.call('GET', '/api/auth/user', undefined, token);
  const signedIn = async (role = 'user') => {
    const u = await t.createUser({ role });
    const token = await t.activate(u.email, u.temporaryPassword);
    expect((await me(token)).status).toBe(200);
    return { ...u, token };
  };

  it('a signed-out token is refused on the next request', async () => {
    const { token } = await signedIn();
    expect((await t.call('POST', '/api/auth/logout', undefined, token)).status).toBe(200);
    expect((await me(token)).status).toBe(401);
  });

  it('a demoted admin is signed out before the next request', async () => {
    const { id, token } = await signedIn('admin');
    expect((await t.call('GET', '/api/users', undefined, token)).status).toBe(200);
    const demoted = await t.call('PUT', `/api/users/${id}/role`, { role: 'user' }, t.adminToken);
    expect(demoted.status).toBe(200);
    expect((await t.call('GET', '/api/users', undefined, token)).status).toBe(401);
  });

  it('a user given a temporary password is signed out before the next request', async () => {
    const { email, token } = await signedIn();
    // Remembered as free to work (no password change due).
    expect((await t.call('GET', '/api/messages/client', undefined, token)).status).toBe(200);
    const reset = await t.call(
      'POST',
      '/api/auth/generate-temp-password',
      { userEmail: email },
      t.adminToken,
    );
    expect(reset.status).toBe(200);
    // A reset ends every session of the user; signing in with the new temporary password asks for a new one.
    expect((await t.call('GET', '/api/messages/client', undefined, token)).status).toBe(401);
    const again = await t.login(email, reset.body.temporaryPassword);
    const next = await t.call('GET', '/api/messages/client', undefined, again);
    expect([next.status, next.body.error]).toEqual([403, 'password_change_required']);
  });

  it('a sign-out answered by one API process is refused by another that remembered the session', async () => {
    const other = await t.anotherApi();
    const { id, token } = await signedIn();
    expect((await other('GET', '/api/auth/user', undefined, token)).status).toBe(200); // remembered there
    expect((await t.call('POST', '/api/auth/logout', undefined, token)).status).toBe(200);
    // The sign-out's answer waited for the users view, whose notice reaches every process as it reached this
    // one: the other drops the session within moments, where its memory alone would keep it a minute.
    const loggedOut = await t.deps.store.readLast(`user-activity-${id}`);
    expect(loggedOut?.type).toBe('UserLoggedOut');
    expect(comparePositions(t.deps.watcher.positionOf('users')!, loggedOut!.position)).toBeGreaterThanOrEqual(
      0,
    );
    const started = Date.now();
    await eventually(
      'the other process refuses the token',
      async () => (await other('GET', '/api/auth/user', undefined, token)).status === 401,
      2000,
    );
    expect(Date.now() - started).toBeLessThan(200);
  });

  it('a sign-out in another API process reaches this one with the users view', async () => {
    const { id, token } = await signedIn();
    // What another process does on POST /api/auth/logout: revoke the row, then record the sign-out.
    await sql`UPDATE sessions SET revoked_at = now() WHERE token_hash = ${hashToken(token)}`.execute(
      t.deps.db,
    );
    const logout = toNewEvents([{ type: 'UserLoggedOut', data: { userId: id } }], systemActor());
    await t.deps.waitForProjections(await t.deps.store.append(`user-activity-${id}`, logout, 'any'));
    expect((await me(token)).status).toBe(401);
  });
});

describe('remembered sessions, as configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('a revocation nobody announces is seen within a second', async () => {
    const u = await t.createUser();
    const token = await t.activate(u.email, u.temporaryPassword);
    const me = () => t.call('GET', '/api/auth/user', undefined, token);
    expect((await me()).status).toBe(200);
    await sql`UPDATE sessions SET revoked_at = now() WHERE token_hash = ${hashToken(token)}`.execute(
      t.deps.db,
    );
    const started = Date.now();
    await eventually('the revocation', async () => (await me()).status === 401, 3000);
    expect(Date.now() - started).toBeLessThan(1500);
  });
});
