/// <reference lib="dom" />
// page.evaluate callbacks run in the browser.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserApp, startBrowserApp, toastText } from './browser.ts';
import { describedBy } from './fields.ts';

/** Issue #10, section 4: what a walk through every screen found, each checked as a visitor meets it. */
describe('screens as found in the browser', () => {
  let b: BrowserApp;
  beforeAll(async () => {
    b = await startBrowserApp({ workers: false });
  });
  afterAll(async () => b?.close());

  it('an address that is no page answers 404 with the 404 page; app pages answer 200 with a strict CSP', async () => {
    const page = await b.newPage();
    const missing = await page.goto('/no-such-page');
    expect(missing?.status()).toBe(404);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    expect((await page.goto('/admin/job/12'))?.status()).toBe(200);
    const about = await page.goto('/about');
    expect(about?.status()).toBe(200);
    // The policy the browser tests run under (watchCsp fails a page that breaks it).
    const policy = (await about?.headerValue('content-security-policy')) ?? '';
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "frame-ancestors 'none'",
      "object-src 'none'",
      "base-uri 'self'",
      "img-src 'self' data: blob:",
    ])
      expect(policy).toContain(directive);
    expect(policy).toMatch(/connect-src 'self' ws:\/\/127\.0\.0\.1:\d+ wss:\/\/127\.0\.0\.1:\d+/);
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval/);
    await page.context().close();
  });

  it('?view= of a view that is unknown or not built yet shows the Dashboard', async () => {
    const admin = await b.newPage();
    await b.signInAsAdmin(admin);
    for (const view of ['invoices', 'anything']) {
      await admin.goto(`/admin?view=${view}`);
      await admin.getByRole('heading', { name: 'Overview', level: 2 }).waitFor();
      expect(await admin.getByRole('heading', { level: 1 }).textContent(), view).toBe('Dashboard');
    }
    await admin.context().close();
  });

  it("the dashboard's figures follow another admin's change within a second or so", async () => {
    const admin = await b.newPage();
    await b.signInAsAdmin(admin);
    await admin.goto('/admin?view=dashboard');
    const clients = admin.getByTestId('stat-totalClients');
    await clients.waitFor();
    const before = Number(await clients.textContent());
    // Another admin adds a client through the API; this page only hears of it over the live socket.
    const added = await b.t.call(
      'POST',
      '/api/clients',
      { name: 'Nell Kenai', email: 'nell@example.com' },
      b.t.adminToken,
    );
    expect(added.status).toBeLessThan(300);
    const changedAt = Date.now();
    await expect
      .poll(async () => Number(await clients.textContent()), { timeout: 3000, interval: 50 })
      .toBe(before + 1);
    // One second on an idle machine; the bound allows for a shared test machine.
    expect(Date.now() - changedAt).toBeLessThan(3000);
    await admin.context().close();
  });

  it('the mobile admin menu takes focus, closes on Escape and gives focus back to Menu', async () => {
    const admin = await b.newPage({ width: 375, height: 800 });
    await b.signInAsAdmin(admin);
    await admin.goto('/admin?view=users');
    const menu = admin.getByRole('button', { name: 'Menu' });
    await menu.click();
    const drawer = admin.locator('#admin-drawer');
    await drawer.waitFor();
    expect(await drawer.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    // Tab stays inside the open menu.
    for (let i = 0; i < 12; i++) await admin.keyboard.press('Tab');
    expect(await drawer.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await admin.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    expect(await menu.evaluate((button) => button === document.activeElement)).toBe(true);
    await admin.context().close();
  });

  it('/admin/client-portal?clientId=abc says the client is not found, not a developer error', async () => {
    const admin = await b.newPage();
    await b.signInAsAdmin(admin);
    await admin.goto('/admin/client-portal?clientId=abc');
    await admin.getByRole('alert').getByText('Client not found').waitFor();
    expect(await admin.locator('body').textContent()).not.toMatch(/Invalid input|NaN/);
    await admin.goto('/admin/client-portal');
    await admin.getByText('Client ID Missing').waitFor();
    await admin.context().close();
  });

  it('the thank-you page counts down to the home page', async () => {
    const page = await b.newPage();
    await page.goto('/thank-you');
    const countdown = page.getByTestId('countdown');
    await countdown.waitFor();
    expect(await countdown.textContent()).toContain('in 5 seconds');
    await expect.poll(() => countdown.textContent(), { timeout: 2500 }).toContain('in 4 seconds');
    await expect.poll(() => countdown.textContent(), { timeout: 2500 }).toContain('in 3 seconds');
    await page.context().close();
  });

  it('the consultation form marks each missing field, not only the toast', async () => {
    const page = await b.newPage();
    await page.goto('/schedule');
    await page.getByRole('button', { name: 'Schedule Consultation' }).click();
    expect(await toastText(page)).toContain('Missing Information');
    const name = page.getByLabel('Full name *');
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    expect(await describedBy(name)).toBe('This field is required.');
    expect(await page.getByLabel('Service type *').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('Phone').getAttribute('aria-invalid')).toBeNull();
    // Typing into a marked field clears its mark.
    await name.fill('Walt Kodiak');
    expect(await name.getAttribute('aria-invalid')).toBeNull();
    await page.context().close();
  });

  it("the portal's greeting reads the signed-in name again when the client comes back to it", async () => {
    const entry = await b.t.call(
      'POST',
      '/api/clients',
      { name: 'Ivy Nome', email: 'ivy@example.com' },
      b.t.adminToken,
    );
    await b.t.activate('ivy@example.com', entry.body.temporaryPassword, 'ivy-chosen-1');
    const client = await b.newPage();
    await b.signIn(client, 'ivy@example.com', 'ivy-chosen-1');
    await client.getByRole('heading', { name: 'Welcome, Ivy' }).waitFor();

    // The account is renamed meanwhile (as renaming the client does); the page is not reloaded.
    await client.route('**/api/auth/user', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), firstName: 'Ivana' } });
    });
    await client.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await client.waitForURL(`${b.baseUrl}/`);
    await client.goBack();
    await client.getByRole('heading', { name: 'Welcome, Ivana' }).waitFor();
    await client.context().close();
  });
});
