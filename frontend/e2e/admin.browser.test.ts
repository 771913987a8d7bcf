/// <reference lib="dom" />
// page.evaluate callbacks run in the browser.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserApp, expectAccessible, startBrowserApp, toastText } from './browser.ts';

const tomorrow = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Anchorage', dateStyle: 'short' }).format(
    new Date(Date.now() + 36 * 3600_000),
  );

describe('admin back-office (browser)', () => {
  let b: BrowserApp;
  beforeAll(async () => {
    b = await startBrowserApp();
  });
  afterAll(async () => b?.close());

  it('a visitor requests a consultation; it appears live in the manager; Mark Contacted moves it to Previous Requests', async () => {
    const admin = await b.newPage();
    await b.signInAsAdmin(admin);
    await admin.goto('/admin?view=consultations');
    await admin.getByText('No active consultation requests').waitFor();

    const visitor = await b.newPage();
    await visitor.goto('/schedule');
    await visitor.getByRole('button', { name: 'Schedule Consultation' }).click();
    expect(await toastText(visitor)).toContain('Missing Information');
    await visitor.getByLabel('Full name *').fill('Walt Kodiak');
    await visitor.getByLabel('Email *').fill('walt@example.com');
    await visitor.getByLabel('Phone').fill('907-555-0142');
    await visitor.getByLabel('Preferred date *').fill(tomorrow());
    await visitor.getByLabel('Preferred time').selectOption('morning');
    await visitor.getByLabel('Service type *').selectOption('starlink');
    await visitor.getByLabel('Property type').selectOption('residential');
    await visitor.getByLabel('Project description').fill('Cabin near Talkeetna needs internet.');
    await visitor.getByRole('button', { name: 'Schedule Consultation' }).click();
    await visitor.waitForURL(`${b.baseUrl}/thank-you`);
    expect(await toastText(visitor)).toContain('Consultation Scheduled!');

    // The open manager refreshes from the live update, without a reload.
    const card = admin.getByTestId('consultation-card').filter({ hasText: 'Walt Kodiak' });
    await card.waitFor();
    expect(await card.innerText()).toContain('Starlink Installation');
    await expectAccessible(admin);

    await card.getByRole('button', { name: 'Mark Contacted' }).click();
    await admin.getByText('No active consultation requests').waitFor();
    await admin.getByRole('button', { name: 'Previous Requests' }).click();
    const previous = admin.getByTestId('consultation-card').filter({ hasText: 'Walt Kodiak' });
    await previous.waitFor();
    expect(await previous.innerText()).toContain('Contacted');

    const [row] = (await b.t.call('GET', '/api/consultations', undefined, b.t.adminToken)).body;
    expect(row).toMatchObject({ status: 'contacted', archived: true, contactedAt: expect.any(String) });
    // The view is remembered for the next visit.
    expect(await admin.evaluate(() => localStorage.getItem('adminDashboardView'))).toBe('consultations');
    await admin.context().close();
    await visitor.context().close();
  });

  it('content edited in Content Management shows on the home page', async () => {
    const admin = await b.newPage();
    await b.signInAsAdmin(admin);
    await admin.goto('/admin?view=content');
    const hero = admin.getByLabel('Hero description');
    await hero.fill('Cameras and Starlink from Ketchikan to Utqiagvik.');
    await admin.getByRole('button', { name: 'Save Content' }).click();
    await admin.getByText('Content saved').waitFor();
    await expectAccessible(admin);

    const visitor = await b.newPage();
    await visitor.goto('/');
    expect(await visitor.getByTestId('hero-description').innerText()).toBe(
      'Cameras and Starlink from Ketchikan to Utqiagvik.',
    );

    // Reset to Default asks first, then fills the form; nothing changes until it is saved.
    admin.once('dialog', (dialog) => void dialog.accept());
    await admin.getByRole('button', { name: 'Reset to Default' }).click();
    expect(await hero.inputValue()).toContain('From Anchorage to the Interior');
    await admin.context().close();
    await visitor.context().close();
  });

  it('the sidebar lists only the views that exist, in the spec order, and the settings tabs work by keyboard', async () => {
    const admin = await b.newPage();
    await b.signInAsAdmin(admin);
    await admin.goto('/admin?view=settings');
    const company = admin.getByRole('tab', { name: 'Company' });
    await company.waitFor();
    const sidebar = admin.getByRole('navigation', { name: 'Admin' });
    expect(await sidebar.getByRole('button').allInnerTexts()).toEqual([
      'Dashboard',
      'Documents',
      'Chat',
      'Schedule',
      'Project Tracking',
      'All Estimates',
      'Payments',
      'Clients',
      'Users',
      'Consultations',
      'Settings',
      'Content Management',
    ]);
    await company.click();
    await company.press('ArrowRight');
    expect(await admin.getByRole('tab', { name: 'Pricing' }).getAttribute('aria-selected')).toBe('true');
    await expectAccessible(admin);
    await admin.context().close();
  });

  it('at 375 px the sidebar is a drawer opened by the Menu button', async () => {
    const admin = await b.newPage({ width: 375, height: 800 });
    await b.signInAsAdmin(admin);
    await admin.goto('/admin');
    await admin.getByRole('button', { name: 'Menu' }).click();
    await admin.locator('#admin-drawer').getByRole('button', { name: 'Content Management' }).click();
    await admin.waitForURL(/view=content/);
    expect(await admin.locator('#admin-drawer').count()).toBe(0);
    await admin.context().close();
  });

  it('the consultations manager pages through many requests and searches and filters them on the server, on a phone and a desktop', async () => {
    for (let i = 1; i <= 30; i++) {
      const made = await b.t.call('POST', '/api/consultations', {
        name: `Paging Caller ${i}`,
        email: `paging${i}@example.com`,
        preferredDate: tomorrow(),
        serviceType: 'starlink',
        description: `Dock dish ${i}`,
      });
      expect(made.status).toBe(201);
    }
    const active = (await b.t.call('GET', '/api/consultations?set=active&limit=1', undefined, b.t.adminToken))
      .body.total as number;
    for (const viewport of [
      { width: 375, height: 812 },
      { width: 1280, height: 900 },
    ]) {
      const admin = await b.newPage(viewport);
      await b.signInAsAdmin(admin);
      await admin.goto('/admin?view=consultations');
      const cards = admin.getByTestId('consultation-card');
      // The newest first, one page of 24, the total and the tiles from the server.
      await admin.getByText(`Showing 24 of ${active} requests`).waitFor();
      expect(await cards.first().textContent()).toContain('Paging Caller 30');
      expect(await admin.getByTestId('summary-total').textContent()).toBe(String(active));
      await admin.getByRole('button', { name: 'Show More Requests' }).click();
      await admin.getByText(`Showing ${Math.min(48, active)} of ${active} requests`).waitFor();
      // Typing searches the server: every word, in the name and the description.
      await admin.getByLabel('Search requests').fill('caller dish 30');
      await admin.getByText('Showing 1 of 1 request').waitFor();
      expect(await cards.count()).toBe(1);
      expect(await admin.getByRole('button', { name: 'Show More Requests' }).count()).toBe(0);
      await admin.getByLabel('Filter by status').selectOption('scheduled');
      await admin.getByText('No request matches the search.').waitFor();
      await admin.getByLabel('Search requests').fill('');
      await admin.getByLabel('Filter by status').selectOption('all');
      await admin.getByRole('button', { name: 'Previous Requests' }).click();
      await admin.getByText(/^Showing \d+ of \d+ requests?$/).waitFor();
      const sideways = await admin.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(sideways).toBe(false);
      await admin.context().close();
    }
  }, 90_000);
});
