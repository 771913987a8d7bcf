/// <reference lib="dom" />
// page.evaluate callbacks run in the browser.
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserApp, startBrowserApp, toastText } from './browser.ts';
import { describedBy } from './fields.ts';

/** The field is marked invalid and described by this message (waits for it: the check runs on submit). */
async function expectDescribed(field: Locator, message: string) {
  await expect.poll(() => describedBy(field)).toBe(message);
  expect(await field.getAttribute('aria-invalid')).toBe('true');
}

describe('sign-in (browser)', () => {
  let b: BrowserApp;
  beforeAll(async () => {
    b = await startBrowserApp();
  });
  afterAll(async () => b?.close());

  it('a user signs in with a temporary password, must choose a new one, and is signed in', async () => {
    const user = await b.t.createUser({ email: 'nora@example.com', firstName: 'Nora', lastName: 'North' });
    const page = await b.newPage();
    await page.goto('/login');
    const signInButton = page.getByRole('button', { name: 'Sign In' });
    expect(await signInButton.isDisabled()).toBe(true);
    await page.getByLabel('Email').fill(user.email);
    expect(await signInButton.isDisabled()).toBe(true);
    const password = page.getByLabel('Password', { exact: true });
    await password.fill(user.temporaryPassword);
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await password.press('Enter');

    const dialog = page.getByRole('dialog', { name: 'Create New Password' });
    await dialog.waitFor();
    expect(await toastText(page)).toContain('Password Change Required');
    const signIns: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/auth/login') signIns.push(request.url());
    });

    await dialog.getByLabel('New password', { exact: true }).fill('north-star-1');
    await dialog.getByLabel('Confirm new password').fill('north-star-2');
    await dialog.getByRole('button', { name: 'Update Password' }).click();
    // The problem is marked on its field, not only told in a toast.
    const confirmation = dialog.getByLabel('Confirm new password');
    await expectDescribed(confirmation, 'New password and confirmation do not match.');

    await dialog.getByLabel('New password', { exact: true }).fill('short');
    await dialog.getByLabel('Confirm new password').fill('short');
    await dialog.getByRole('button', { name: 'Update Password' }).click();
    await expectDescribed(
      dialog.getByLabel('New password', { exact: true }),
      'Password must be at least 6 characters long.',
    );
    expect(await confirmation.getAttribute('aria-invalid')).toBeNull();

    await dialog.getByLabel('New password', { exact: true }).fill('north-star-1');
    await dialog.getByLabel('Confirm new password').fill('north-star-1');
    await dialog.getByRole('button', { name: 'Update Password' }).click();

    // The modal closes and the session that changed the password goes on (no second sign-in, which would
    // count against the sign-in limits): the client lands on their portal.
    await page.waitForURL(`${b.baseUrl}/client`);
    await page.getByRole('heading', { name: 'Welcome, Nora' }).waitFor();
    expect(await toastText(page)).toContain('Welcome back, Nora!');
    expect(signIns).toEqual([]);
    expect(await page.getByTestId('user-badge').innerText()).toBe('Nora North');
    expect(await b.t.login(user.email, 'north-star-1')).toEqual(expect.any(String));

    // Sign-out goes back to /login and forgets the session.
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(`${b.baseUrl}/login`);
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    await page.goto('/client');
    await page.waitForURL(`${b.baseUrl}/login`);
    await page.context().close();
  });

  it('a wrong password shows the failure toast, is marked on the password field and keeps the visitor on /login', async () => {
    const page = await b.newPage();
    await b.signIn(page, 'owner@example.com', 'not-the-password');
    await page.getByText('Login failed').waitFor();
    expect(page.url()).toBe(`${b.baseUrl}/login`);
    const password = page.getByLabel('Password', { exact: true });
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    expect(await describedBy(password)).not.toBe('');
    await password.fill('something else');
    expect(await password.getAttribute('aria-invalid')).toBeNull();
    await page.context().close();
  });

  it("an expired temporary password is refused with the server's message on the form", async () => {
    const user = await b.t.createUser({ email: 'late@example.com' });
    await b.t.deps.db
      .updateTable('credentials' as never)
      .set({ temporary_expires_at: new Date(Date.now() - 60_000) } as never)
      .where('user_id' as never, '=', user.id as never)
      .execute();
    const page = await b.newPage();
    await b.signIn(page, user.email, user.temporaryPassword);
    const expired = 'This temporary password has expired. Ask your administrator for a new one.';
    await page.getByText('Login failed').waitFor();
    expect(await describedBy(page.getByLabel('Password', { exact: true }))).toBe(expired);
    expect(page.url()).toBe(`${b.baseUrl}/login`);
    await page.context().close();
  });

  it('an admin lands on the home page with the Admin Dashboard button; /dashboard sends them to /admin', async () => {
    const page = await b.newPage();
    await b.signInAsAdmin(page);
    await page.getByRole('link', { name: 'Admin Dashboard' }).click();
    await page.waitForURL(/\/admin/);
    await page.goto('/dashboard');
    await page.waitForURL(/\/admin/);
    // A signed-in admin opening /login goes home instead; /client tells them it is for clients only.
    await page.goto('/login');
    await page.waitForURL(`${b.baseUrl}/`);
    await page.goto('/client');
    await page.getByText('Access Denied - This portal is for clients only.').waitFor();
    await page.context().close();
  });

  it('leaving the Create New Password box leaves the visitor signed out, not stuck', async () => {
    const user = await b.t.createUser({ email: 'olga@example.com', firstName: 'Olga' });
    const page = await b.newPage();
    await b.signIn(page, user.email, user.temporaryPassword);
    await page.getByRole('dialog', { name: 'Create New Password' }).waitFor();
    // The temporary session is never kept: a reload (or leaving) finds the visitor signed out.
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    await page.reload();
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(await page.getByRole('dialog', { name: 'Create New Password' }).count()).toBe(0);
    await page.goto('/client');
    await page.waitForURL(`${b.baseUrl}/login`);
    // Signing in again with the temporary password shows the box again; the password still needs changing.
    await b.signIn(page, user.email, user.temporaryPassword);
    await page.getByRole('dialog', { name: 'Create New Password' }).waitFor();
    expect(
      (await b.t.call('POST', '/api/auth/login', { email: user.email, password: user.temporaryPassword }))
        .body,
    ).toMatchObject({ needsPasswordChange: true });
    await page.context().close();
  });

  it("a session ended elsewhere shows 'Unauthorized' - 'You are logged out. Logging in again...', then /login", async () => {
    const page = await b.newPage();
    await b.signInAsAdmin(page);
    await page.goto('/admin?view=clients');
    await page.getByRole('heading', { name: 'Clients', level: 1 }).waitFor();
    const token = await page.evaluate(() => localStorage.getItem('auth_token'));
    expect((await b.t.call('POST', '/api/auth/logout', undefined, token)).status).toBe(200);

    // The next read is refused with 401.
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('button', { name: 'Users' }).click();
    const toast = page.getByTestId('toast');
    await toast.getByText('You are logged out. Logging in again...').waitFor();
    expect(await toastText(page)).toContain('Unauthorized');
    await page.waitForURL(`${b.baseUrl}/login`);
    // The toast stays readable on the sign-in page (no full reload swallowed it).
    expect(await toastText(page)).toContain('You are logged out. Logging in again...');
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    await page.context().close();
  });
});
