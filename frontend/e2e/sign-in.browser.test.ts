/// <reference lib="dom" />
// page.evaluate callbacks run in the browser.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserApp, startBrowserApp, toastText } from './browser.ts';

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

    await dialog.getByLabel('New password', { exact: true }).fill('north-star-1');
    await dialog.getByLabel('Confirm new password').fill('north-star-2');
    await dialog.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText('New password and confirmation do not match.').waitFor();

    await dialog.getByLabel('New password', { exact: true }).fill('short');
    await dialog.getByLabel('Confirm new password').fill('short');
    await dialog.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText('Password must be at least 6 characters long.').waitFor();

    await dialog.getByLabel('New password', { exact: true }).fill('north-star-1');
    await dialog.getByLabel('Confirm new password').fill('north-star-1');
    await dialog.getByRole('button', { name: 'Update Password' }).click();

    // The modal closes, the login repeats with the new password, and the client lands on their portal.
    await page.waitForURL(`${b.baseUrl}/client`);
    await page.getByRole('heading', { name: 'Welcome, Nora' }).waitFor();
    expect(await toastText(page)).toContain('Welcome back, Nora!');
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

  it('a wrong password shows the failure toast and keeps the visitor on /login', async () => {
    const page = await b.newPage();
    await b.signIn(page, 'owner@example.com', 'not-the-password');
    await page.getByText('Login failed').waitFor();
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
});
