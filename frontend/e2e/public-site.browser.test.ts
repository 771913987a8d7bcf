import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserApp, expectAccessible, startBrowserApp } from './browser.ts';

describe('public site (browser)', () => {
  let b: BrowserApp;
  beforeAll(async () => {
    b = await startBrowserApp();
  });
  afterAll(async () => b?.close());

  it('every public page and the sign-in page pass the accessibility checker', async () => {
    const page = await b.newPage();
    for (const [path, heading] of [
      ['/', 'Our Core Services'],
      ['/about', 'About Northern Guard Security & Satellite'],
      ['/products', 'Products'],
      ['/schedule', 'Schedule a Free Consultation'],
      ['/thank-you', 'Thank you!'],
      ['/login', 'Sign In'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading, exact: true }).waitFor();
      await expectAccessible(page);
    }
    await page.context().close();
  });

  it('each public page has a title and a description of its own, and the site an icon', async () => {
    const page = await b.newPage();
    const seen = new Map<string, string>();
    for (const [path, heading, title] of [
      ['/', 'Our Core Services', 'Northern Guard Security & Satellite'],
      [
        '/about',
        'About Northern Guard Security & Satellite',
        'About Us | Northern Guard Security & Satellite',
      ],
      ['/products', 'Products', 'Products | Northern Guard Security & Satellite'],
      [
        '/schedule',
        'Schedule a Free Consultation',
        'Schedule a Consultation | Northern Guard Security & Satellite',
      ],
      ['/login', 'Sign In', 'Sign In | Northern Guard Security & Satellite'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading, exact: true }).waitFor();
      await expect.poll(() => page.title(), { message: path }).toBe(title);
      expect(await page.locator('head title').count(), path).toBe(1);
      const descriptions = page.locator('head meta[name="description"]');
      expect(await descriptions.count(), path).toBe(1);
      const description = (await descriptions.getAttribute('content')) ?? '';
      expect(description.length, path).toBeGreaterThan(50);
      expect([...seen.values()], path).not.toContain(description);
      seen.set(path, description);
    }
    const icon = await page.request.get(
      (await page.locator('head link[rel="icon"]').getAttribute('href')) ?? '/missing',
    );
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toContain('image/svg+xml');
    await page.context().close();
  });

  it('the pages render the site content written into them, with no request for it (one round trip less)', async () => {
    for (const viewport of [
      { width: 375, height: 812 },
      { width: 1280, height: 900 },
    ]) {
      const page = await b.newPage(viewport);
      const asked: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/content') asked.push(request.url());
      });
      const content = (await b.t.call('GET', '/api/content')).body;
      for (const [path, heading] of [
        ['/', 'Our Core Services'],
        ['/schedule', 'Schedule a Free Consultation'],
        ['/about', 'About Northern Guard Security & Satellite'],
      ] as const) {
        await page.goto(path);
        await page.getByRole('heading', { name: heading, exact: true }).waitFor();
      }
      await page.goto('/');
      await page.getByText(content.heroDescription, { exact: true }).waitFor();
      expect(asked).toEqual([]);
      await page.context().close();
    }
  });

  it('an unknown route shows the 404 page, which passes the accessibility checker', async () => {
    const page = await b.newPage();
    await page.goto('/no-such-page/at-all');
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await expectAccessible(page);
    await page.context().close();
  });

  it('at 375 px the links sit behind the mobile menu, which opens, navigates and closes', async () => {
    const page = await b.newPage({ width: 375, height: 800 });
    await page.goto('/');
    const about = page.getByRole('link', { name: 'About Us', exact: true }).first();
    expect(await page.locator('#mobile-menu').count()).toBe(0);
    const toggle = page.getByRole('button', { name: 'Open menu' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    const menu = page.locator('#mobile-menu');
    await menu.waitFor();
    const close = page.getByRole('button', { name: 'Close menu' });
    expect(await close.getAttribute('aria-expanded')).toBe('true');
    await expectAccessible(page);
    await menu.getByRole('link', { name: 'About Us' }).click();
    await page.waitForURL(`${b.baseUrl}/about`);
    expect(await page.locator('#mobile-menu').count()).toBe(0);
    expect(await about.isVisible()).toBe(true); // the footer's link, not the hidden desktop one
    await page.context().close();
  });

  it('thank-you returns to the home page after 5 seconds', async () => {
    const page = await b.newPage();
    await page.goto('/thank-you');
    const started = Date.now();
    await page.waitForURL(`${b.baseUrl}/`, { timeout: 9000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(4500);
    await page.context().close();
  });

  it('admin-only and client-only routes send a signed-out visitor to sign in', async () => {
    const page = await b.newPage();
    for (const path of ['/admin', '/client', '/dashboard', '/admin/pricing']) {
      await page.goto(path);
      await page.waitForURL(`${b.baseUrl}/login`);
    }
    await page.context().close();
  });
});
