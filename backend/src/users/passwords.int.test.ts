import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestApp, type TestApp } from '../../test/app.ts';

/** A password change or reset ends the other sessions of the account (issue #10, sessions and sockets). */
describe('passwords end other sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const status = async (token: string) => (await t.call('GET', '/api/auth/user', undefined, token)).status;

  it('a password change keeps the session that made it and ends every other, the temporary-password one too', async () => {
    const { email, temporaryPassword } = await t.createUser();
    const forgotten = await t.login(email, temporaryPassword);
    const changing = await t.login(email, temporaryPassword);
    const changed = await t.call(
      'POST',
      '/api/auth/change-password',
      { currentPassword: temporaryPassword, newPassword: 'chosen-password-1' },
      changing,
    );
    expect(changed.status).toBe(200);
    expect(await status(forgotten)).toBe(401);
    expect(await status(changing)).toBe(200);
    // The changing session is now free to work, as the web app expects after "Create New Password".
    expect((await t.call('GET', '/api/projects/client', undefined, changing)).status).toBe(200);

    const phone = await t.login(email, 'chosen-password-1');
    const laptop = await t.login(email, 'chosen-password-1');
    await t.call(
      'POST',
      '/api/auth/change-password',
      { currentPassword: 'chosen-password-1', newPassword: 'chosen-password-2' },
      laptop,
    );
    expect([await status(phone), await status(changing), await status(laptop)]).toEqual([401, 401, 200]);
  });

  it('a temporary password issued by an admin ends every session of that user', async () => {
    const { email, temporaryPassword } = await t.createUser();
    const first = await t.activate(email, temporaryPassword);
    const second = await t.login(email, 'chosen-password-1');
    const reset = await t.call(
      'POST',
      '/api/auth/generate-temp-password',
      { userEmail: email },
      t.adminToken,
    );
    expect(reset.status).toBe(200);
    expect([await status(first), await status(second)]).toEqual([401, 401]);
    expect(await status(t.adminToken)).toBe(200);
    // The new temporary password signs in and must be replaced, as before.
    const again = await t.login(email, reset.body.temporaryPassword);
    expect((await t.call('GET', '/api/projects/client', undefined, again)).body.error).toBe(
      'password_change_required',
    );
  });

  it('an admin resetting their own password keeps the session that asked', async () => {
    const elsewhere = await t.login(ADMIN.email, ADMIN.password);
    const here = await t.login(ADMIN.email, ADMIN.password);
    const reset = await t.call('POST', '/api/auth/generate-temp-password', { userEmail: ADMIN.email }, here);
    expect(reset.status).toBe(200);
    expect([await status(elsewhere), await status(here)]).toEqual([401, 200]);
  });
});
