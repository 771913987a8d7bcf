import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';

/**
 * A sign-in checks the password, then stores its session with its sign-in event. A password change stored in
 * between ends every session it can see: the sign-in's session must not open after it with the old password.
 */
describe('a sign-in racing a password change', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  it('the old password checked just before a change opens no session once the change is stored (401)', async () => {
    const u = await t.createUser({ role: 'user' });
    const token = await t.activate(u.email, u.temporaryPassword, 'old-password-1');
    const store = t.deps.store;
    const original = store.appendMany;
    let changed: number | null = null;
    // Between the sign-in's password check and its append: the user changes the password from another device.
    store.appendMany = async (writes, records) => {
      if (changed === null && writes[0]?.stream === `user-activity-${u.id}`) {
        const change = await t.call(
          'POST',
          '/api/auth/change-password',
          { currentPassword: 'old-password-1', newPassword: 'new-password-2' },
          token,
        );
        changed = change.status;
      }
      return original.call(store, writes, records);
    };
    let signIn: { status: number; body: { token?: string } };
    try {
      signIn = await t.call('POST', '/api/auth/login', { email: u.email, password: 'old-password-1' });
    } finally {
      store.appendMany = original;
    }
    expect(changed).toBe(200);
    expect([signIn.status, signIn.body.token]).toEqual([401, undefined]);
    const sessions = await t.deps.db
      .selectFrom('sessions' as never)
      .select(['token_hash' as never])
      .where('user_id' as never, '=', u.id as never)
      .where('revoked_at' as never, 'is', null as never)
      .execute();
    // Only the session that made the change is still open.
    expect(sessions).toHaveLength(1);
    expect(
      (await t.call('POST', '/api/auth/login', { email: u.email, password: 'new-password-2' })).status,
    ).toBe(200);
  });
});
