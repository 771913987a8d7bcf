/// <reference lib="dom" />
// page.evaluate callbacks run in the browser.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserApp, startBrowserApp } from './browser.ts';
import { watchCsp } from './csp.ts';

/** The narrowest and widest common phones, and the one the issue measured. */
const PHONE_WIDTHS = [320, 375, 414];

/** How wide the page is, in CSS pixels: more than the viewport means it scrolls sideways. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('every screen fits a phone 320 to 414 px wide (browser)', () => {
  let b: BrowserApp;
  let clientId: number;
  let projectId: number;
  let estimateId: number;
  // A long e-mail address and title: text that cannot wrap at spaces is what pushes a narrow page wide.
  const CLIENT = {
    name: 'Ivy Nome',
    email: 'ivy.nome.of.the.northern.slope@example.com',
    password: 'ivy-chosen-1',
  };

  beforeAll(async () => {
    b = await startBrowserApp({ workers: false });
    const entry = await b.t.call(
      'POST',
      '/api/clients',
      { name: CLIENT.name, email: CLIENT.email, phone: '907-555-0100', address: '1 Front St, Nome AK' },
      b.t.adminToken,
    );
    clientId = entry.body.client.id;
    await b.t.activate(CLIENT.email, entry.body.temporaryPassword, CLIENT.password);
    const project = await b.t.call(
      'POST',
      '/api/projects',
      { clientId, title: 'Starlink on the roof of the longest building name in Nome', type: 'starlink' },
      b.t.adminToken,
    );
    projectId = project.body.id;
    const estimate = await b.t.call(
      'POST',
      '/api/estimates',
      {
        title: 'Cameras and Starlink for the longest building name in Nome',
        clientId,
        projectId,
        cameraType: 'wired',
        cameraCount: 12,
        wireLength: 400,
        starlinkInstall: true,
        propertyType: 'commercial_large',
        location: 'Nome',
        additionalServices: ['system-training'],
      },
      b.t.adminToken,
    );
    estimateId = estimate.body.id;
  });
  afterAll(async () => b?.close());

  it.each(PHONE_WIDTHS)(
    'at %i px no public, admin or portal screen scrolls sideways, and none reports a CSP violation',
    async (width) => {
      const PHONE = { width, height: 800 };
      const widths: Record<string, number> = {};
      const measure = async (
        page: Page,
        name: string,
        path: string,
        ready: (page: Page) => Promise<unknown>,
      ) => {
        await page.goto(path);
        await ready(page);
        widths[name] = await pageWidth(page);
      };
      const heading = (name: string | RegExp) => (page: Page) =>
        page.getByRole('heading', { name }).first().waitFor();

      const visitor = await b.newPage(PHONE);
      const visitorCsp = await watchCsp(visitor);
      await measure(visitor, 'home', '/', (page) => page.getByTestId('hero-description').waitFor());
      await measure(visitor, 'about', '/about', heading(/About/));
      await measure(visitor, 'products', '/products', heading('Products'));
      await measure(visitor, 'schedule', '/schedule', heading(/Schedule/));
      await measure(visitor, 'thank-you', '/thank-you', heading('Thank you!'));
      await measure(visitor, 'login', '/login', heading('Sign In'));
      await measure(visitor, '404', '/no-such-page', heading('404 Page Not Found'));

      const admin = await b.newPage(PHONE);
      const adminCsp = await watchCsp(admin);
      await b.signInAsAdmin(admin);
      for (const view of [
        'dashboard',
        'schedule',
        'tracking',
        'all-estimates',
        'payments',
        'clients',
        'users',
        'consultations',
        'settings',
        'content',
      ])
        await measure(admin, `admin ${view}`, `/admin?view=${view}`, (page) =>
          page
            .getByRole('navigation', { name: 'Admin' })
            .or(page.getByRole('button', { name: 'Menu' }))
            .first()
            .waitFor(),
        );
      await measure(admin, 'admin job page', `/admin/job/${projectId}`, heading(/Starlink on the roof/));
      await measure(
        admin,
        'admin estimate page',
        `/admin/estimate/${estimateId}`,
        heading(/longest building/),
      );
      await measure(admin, 'admin pricing page', '/admin/pricing', heading('Pricing Settings'));
      await measure(
        admin,
        'admin client portal',
        `/admin/client-portal?clientId=${clientId}`,
        heading(/Ivy Nome/),
      );

      const client = await b.newPage(PHONE);
      const clientCsp = await watchCsp(client);
      await b.signIn(client, CLIENT.email, CLIENT.password);
      await client.waitForURL(`${b.baseUrl}/client`);
      for (const view of [
        'Dashboard',
        'Documents',
        'Quotes',
        'Messages',
        'Project Tracking',
        'Schedule',
        'Payments',
      ]) {
        await client
          .getByRole('navigation', { name: 'Client portal' })
          .getByRole('button', { name: view })
          .click();
        await client.getByRole('heading', { name: view, level: 2 }).waitFor();
        widths[`portal ${view}`] = await pageWidth(client);
      }
      await measure(client, 'client job page', `/client/job/${projectId}`, heading(/Starlink on the roof/));

      console.log(
        `widths at ${width} px:\n${Object.entries(widths)
          .map(([name, width]) => `  ${name}: ${width}`)
          .join('\n')}`,
      );
      const tooWide = Object.entries(widths).filter(([, measured]) => measured > width);
      expect(tooWide).toEqual([]);
      expect(Object.keys(widths)).toHaveLength(7 + 14 + 8);
      for (const csp of [visitorCsp, adminCsp, clientCsp]) expect(csp.violations()).toEqual([]);
      for (const page of [visitor, admin, client]) await page.context().close();
    },
    // 24 screens per width: about 25 s on a quiet machine, so the default 30 s left no room under load.
    60_000,
  );
});
