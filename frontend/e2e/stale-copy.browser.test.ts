import type { TProject } from '@app/contracts/api/projects';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserApp, expectAccessible, startBrowserApp } from './browser.ts';

const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 375, height: 812 } },
];

/**
 * Two admins edit one project in the project dialog at once: the second save is refused as a stale copy (no
 * silent revert of the first), says what changed and offers Reload, which shows the first admin's change and
 * keeps the second admin's own; saved again, both changes are in the project.
 */
describe('a stale copy in the project dialog (browser)', () => {
  let b: BrowserApp;
  let clientId: number;
  let second: { email: string; password: string };

  beforeAll(async () => {
    b = await startBrowserApp({ workers: false });
    const client = await b.t.call(
      'POST',
      '/api/clients',
      { name: 'Tanana Lodge', email: 'tanana@example.com', portalAccess: false },
      b.t.adminToken,
    );
    clientId = client.body.client.id;
    const made = await b.t.call(
      'POST',
      '/api/users/create-admin',
      { email: 'second.admin@example.com', firstName: 'Sam', lastName: 'Second' },
      b.t.adminToken,
    );
    second = { email: 'second.admin@example.com', password: 'second-admin-pass-1' };
    await b.t.activate(second.email, made.body.temporaryPassword, second.password);
  });
  afterAll(async () => {
    await b?.close();
  });

  const openDialog = async (page: Page, title: string) => {
    await page.goto('/admin?view=tracking');
    const card = page.getByTestId('job-card').filter({ hasText: title });
    await card.getByRole('button', { name: 'View' }).click();
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.getByLabel('Project Title').waitFor();
    return dialog;
  };

  for (const { name, viewport } of SIZES) {
    it(`${name}: the second save is refused with what changed, Reload keeps both changes`, async () => {
      const title = `Lodge cameras (${name})`;
      const created = await b.t.call(
        'POST',
        '/api/projects',
        { clientId, title, type: 'security_cameras' },
        b.t.adminToken,
      );
      expect(created.status).toBe(201);
      const id = (created.body as TProject).id;

      const first = await b.newPage(viewport);
      await b.signInAsAdmin(first);
      const other = await b.newPage(viewport);
      await b.signIn(other, second.email, second.password);
      await other.waitForURL(`${b.baseUrl}/`);

      // Both admins open the same project.
      const mine = await openDialog(first, title);
      const theirs = await openDialog(other, title);

      // The first admin approves it and saves.
      await mine.getByLabel('Status').selectOption('approved');
      await mine.getByRole('button', { name: 'Save', exact: true }).click();
      await first.getByTestId('toast').filter({ hasText: 'Project updated successfully' }).waitFor();
      await mine.waitFor({ state: 'hidden' });

      // The second admin, still on the copy from before, renames it and saves: refused, nothing lost.
      await theirs.getByLabel('Project Title').fill('Lodge cameras, renamed');
      await theirs.getByRole('button', { name: 'Save', exact: true }).click();
      const notice = theirs.getByRole('alert').filter({ hasText: 'Someone else changed' });
      await notice.waitFor();
      expect(await notice.textContent()).toContain(
        "Someone else changed this project's status while you were editing.",
      );
      expect(await theirs.getByLabel('Project Title').inputValue()).toBe('Lodge cameras, renamed');
      expect(await theirs.getByLabel('Status').inputValue()).toBe('pending');
      expect((await b.t.call('GET', `/api/projects/${id}`, undefined, b.t.adminToken)).body).toMatchObject({
        title,
        status: 'approved',
      });
      await expectAccessible(other);

      // Reload shows the first admin's status and keeps the typed title; saved again, both stand.
      await notice.getByRole('button', { name: 'Reload' }).click();
      await notice.waitFor({ state: 'hidden' });
      expect(await theirs.getByLabel('Status').inputValue()).toBe('approved');
      expect(await theirs.getByLabel('Project Title').inputValue()).toBe('Lodge cameras, renamed');
      await theirs.getByRole('button', { name: 'Save', exact: true }).click();
      await other.getByTestId('toast').filter({ hasText: 'Project updated successfully' }).waitFor();
      await theirs.waitFor({ state: 'hidden' });

      const saved = (await b.t.call('GET', `/api/projects/${id}`, undefined, b.t.adminToken))
        .body as TProject;
      expect(saved).toMatchObject({ title: 'Lodge cameras, renamed', status: 'approved' });
      const stored = (await b.t.deps.store.readStream(`project-${id}`)).map((e) => e.type);
      expect(stored).toEqual(['ProjectCreated', 'ProjectStatusChanged', 'ProjectDetailsChanged']);
      await first.context().close();
      await other.context().close();
    });
  }

  it('pricing: a price another admin saved meanwhile refuses the save; Reload keeps both prices', async () => {
    const page = await b.newPage({ width: 1280, height: 800 });
    await b.signInAsAdmin(page);
    await page.goto('/admin/pricing');
    const labor = page.getByLabel('Labor hourly rate ($)');
    await labor.waitFor();
    // Another admin raises the labor rate while this page is open.
    const read = (await b.t.call('GET', '/api/settings', undefined, b.t.adminToken)).body;
    const theirs = { ...read.pricing, laborHourlyRate: 95 };
    expect(
      (await b.t.call('PUT', '/api/settings', { section: 'pricing', data: theirs }, b.t.adminToken)).status,
    ).toBe(200);

    await page.getByLabel('Wired camera price ($)').fill('175');
    await page.getByRole('button', { name: 'Save Pricing Settings' }).click();
    const notice = page.getByRole('alert').filter({ hasText: 'Someone else changed' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain(
      'Someone else changed the labor hourly rate while you were editing.',
    );
    await notice.getByRole('button', { name: 'Reload' }).click();
    await notice.waitFor({ state: 'hidden' });
    expect(await labor.inputValue()).toBe('95');
    expect(await page.getByLabel('Wired camera price ($)').inputValue()).toBe('175');
    await page.getByRole('button', { name: 'Save Pricing Settings' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Settings Saved' }).waitFor();
    const saved = (await b.t.call('GET', '/api/settings', undefined, b.t.adminToken)).body;
    expect(saved.pricing).toMatchObject({ laborHourlyRate: 95, wiredCameraPrice: 175 });
    await page.context().close();
  });
});
