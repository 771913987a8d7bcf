/// <reference lib="dom" />
// page.evaluate callbacks run in the browser.
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../backend/test/eventually.ts';
import { type BrowserApp, expectAccessible, startBrowserApp } from './browser.ts';

const CLIENT = { name: 'Kim Tanana', email: 'kim.tanana@example.com', phone: '907-555-0100' };

describe('clients, users, dashboard and the admin client portal (browser)', () => {
  let b: BrowserApp;
  let admin: Page;
  beforeAll(async () => {
    b = await startBrowserApp();
    admin = await b.newPage();
    await admin.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: b.baseUrl });
    await b.signInAsAdmin(admin);
  });
  afterAll(async () => b?.close());

  /**
   * Waits for a toast with this text (a newer one replaces it), then closes it so it covers nothing; a
   * toast raised under an open modal dialog cannot be reached until the dialog closes, so it is left.
   */
  const toast = async (text: string, { underDialog = false } = {}) => {
    const shown = admin.getByTestId('toast').filter({ hasText: text });
    await shown.waitFor();
    if (!underDialog) await shown.getByRole('button', { name: 'Close notification' }).click();
  };
  const card = () => admin.getByTestId('client-card').filter({ hasText: CLIENT.name });

  it('adds a client with portal access, shows the temporary password once, finds and edits the client', async () => {
    await admin.goto('/admin?view=clients');
    await admin.getByText('No clients yet').waitFor();
    await expectAccessible(admin);

    await admin.getByRole('button', { name: 'Add New Entry' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Add New Entry' });
    await dialog.getByRole('button', { name: 'Add Entry' }).click();
    await dialog.getByText('Name is required').waitFor();
    await dialog.getByText('Invalid email').waitFor();
    expect(await dialog.getByLabel('Name *').getAttribute('aria-invalid')).toBe('true');

    await dialog.getByLabel('Name *').fill(CLIENT.name);
    await dialog.getByLabel('Email *').fill(CLIENT.email);
    await dialog.getByLabel('Phone').fill(CLIENT.phone);
    await dialog.getByLabel('Address').fill('12 Spruce Rd, Talkeetna, AK');
    expect(await dialog.getByLabel('Give portal access').isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Add Entry' }).click();

    const secret = dialog.getByTestId('secret-value');
    await secret.waitFor();
    const password = (await secret.textContent()) ?? '';
    expect(password.length).toBeGreaterThan(6);
    expect(await dialog.textContent()).toContain(`also e-mailed to ${CLIENT.email}`);
    await expectAccessible(admin);
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await toast('Copied to clipboard', { underDialog: true });
    expect(await admin.evaluate(() => navigator.clipboard.readText())).toBe(password);
    await dialog.getByRole('button', { name: 'Copied' }).waitFor();
    // The copy confirmation resets after 2 s.
    await dialog.getByRole('button', { name: 'Copy' }).waitFor({ timeout: 4000 });
    await dialog.getByRole('button', { name: 'Done' }).click();
    // The password shown is the account's real one.
    expect(await b.t.login(CLIENT.email, password)).toEqual(expect.any(String));

    // A refused entry says why inside the dialog, where the admin is looking.
    await admin.getByRole('button', { name: 'Add New Entry' }).click();
    await dialog.getByLabel('Name *').fill('Kim Again');
    await dialog.getByLabel('Email *').fill(CLIENT.email);
    await dialog.getByRole('button', { name: 'Add Entry' }).click();
    // Said twice, on purpose: next to the form, and in the toast (which shows inside an open dialog).
    await dialog.getByRole('alert').getByText('A client with this email already exists.').first().waitFor();
    expect(await dialog.getByTestId('toast').innerText()).toContain('Failed to create entry');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    const search = admin.getByLabel('Search clients');
    await search.fill('nobody-here');
    await admin.getByText('No clients match "nobody-here"').waitFor();
    await search.fill('907 555 0100');
    await card().waitFor();
    await search.fill('KIM.TAN');
    await card().waitFor();

    await card().getByRole('button', { name: 'View' }).click();
    const info = admin.getByRole('dialog', { name: 'Client Information' });
    await info.getByText('No projects assigned yet').waitFor();
    await expectAccessible(admin);
    await info.getByRole('button', { name: 'Edit Client' }).click();
    const edit = admin.getByRole('dialog', { name: 'Edit Client' });
    await edit.getByLabel('Phone').fill('907-555-0199');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await toast('Client updated');
    await card().getByText('907-555-0199').waitFor();
    const [saved] = (await b.t.call('GET', '/api/clients', undefined, b.t.adminToken)).body;
    expect(saved).toMatchObject({ email: CLIENT.email, phone: '907-555-0199' });
  });

  it("opens the client's portal as an admin; a missing or unknown client id says so", async () => {
    await admin.goto('/admin?view=clients');
    await card().getByRole('link', { name: 'Portal' }).click();
    await admin.waitForURL(/\/admin\/client-portal\?clientId=\d+$/);
    await admin.getByRole('heading', { name: `${CLIENT.name} Portal` }).waitFor();
    await admin.getByText('Viewing as Admin').waitFor();
    await admin.getByText('Admin View').waitFor();
    await admin.getByText('No projects assigned yet').waitFor();
    expect(await admin.getByTestId('stat-projects').textContent()).toBe('0');
    await expectAccessible(admin);

    await admin.getByRole('tab', { name: 'Projects' }).click();
    await admin.getByText("This client hasn't been assigned any projects yet.").waitFor();
    await admin.getByRole('tab', { name: 'Projects' }).press('ArrowRight');
    await admin.getByText('No documents available').waitFor();
    await admin.getByRole('tab', { name: 'Payments' }).click();
    await admin.getByText('No payments recorded').waitFor();
    await expectAccessible(admin);

    // The Documents tab lists the client's documents: a form waiting for their signature and a staff file.
    const clientId = Number(new URL(admin.url()).searchParams.get('clientId'));
    const project = await b.t.call(
      'POST',
      '/api/projects',
      { clientId, title: 'Kim cameras', type: 'security_cameras' },
      b.t.adminToken,
    );
    const form = await b.t.call(
      'POST',
      '/api/documents',
      { title: 'Site survey', projectId: project.body.id, formData: { notes: 'North wall' } },
      b.t.adminToken,
    );
    expect(form.status).toBe(201);
    const upload = new FormData();
    upload.append('projectId', String(project.body.id));
    const plan = await sharp({
      create: { width: 40, height: 30, channels: 3, background: { r: 30, g: 120, b: 60 } },
    })
      .png()
      .toBuffer();
    upload.append('file', new Blob([new Uint8Array(plan)], { type: 'image/png' }), 'mounts.png');
    const uploaded = await fetch(`${b.baseUrl}/api/documents`, {
      method: 'POST',
      body: upload,
      headers: { authorization: `Bearer ${b.t.adminToken}` },
    });
    expect(uploaded.status).toBe(201);
    await admin.reload();
    await admin.getByRole('tab', { name: 'Documents' }).click();
    const rows = admin.getByTestId('portal-document');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(2);
    expect(await admin.getByText('No documents available').count()).toBe(0);
    const formRow = rows.filter({ hasText: 'Site survey' });
    expect(await formRow.textContent()).toMatch(/Form · Kim cameras · /);
    expect(await formRow.getByTestId('document-status').textContent()).toBe('Pending');
    const fileRow = rows.filter({ hasText: 'mounts.png' });
    expect(await fileRow.textContent()).toMatch(/File · [\d.]+ KB · Kim cameras · /);
    // Staff's own upload needs no review.
    expect(await fileRow.getByTestId('document-status').textContent()).toBe('Completed');
    await expectAccessible(admin);
    await formRow.getByRole('button', { name: 'View Site survey' }).click();
    const opened = admin.getByRole('dialog', { name: 'Document' });
    await opened.getByRole('heading', { name: 'Site survey' }).waitFor();
    await opened.getByText('North wall').waitFor();
    await admin.keyboard.press('Escape');
    await opened.waitFor({ state: 'hidden' });
    await fileRow.getByRole('button', { name: 'View mounts.png' }).click();
    const preview = admin.getByRole('dialog', { name: 'Document Preview' });
    const picture = preview.getByRole('img', { name: 'mounts.png' });
    await picture.waitFor();
    await eventually('the picture decoded', async () =>
      picture.evaluate((img) => (img as HTMLImageElement).naturalWidth === 40),
    );
    await admin.keyboard.press('Escape');
    await preview.waitFor({ state: 'hidden' });

    await admin.goto('/admin/client-portal');
    await admin.getByText('Client ID Missing').waitFor();
    await admin.getByText('No client ID specified in the URL.').waitFor();
    await expectAccessible(admin);
    await admin.goto('/admin/client-portal?clientId=999999');
    await admin.getByText('Client not found').waitFor();
    await admin.getByRole('link', { name: 'Back to Admin' }).first().click();
    await admin.waitForURL(/\/admin\?view=clients$/);
  });

  it("makes the new client's account an admin and back, after confirmations; an admin cannot delete themselves", async () => {
    await admin.goto('/admin?view=users');
    // Staff and clients are listed apart, staff first: the client's account is under Clients.
    const panel = (name: string) => admin.getByRole('tabpanel', { name });
    expect(await admin.getByRole('tab', { name: 'Staff' }).getAttribute('aria-selected')).toBe('true');
    await admin.getByRole('tab', { name: 'Clients' }).click();
    const clientRow = panel('Clients').getByTestId('user-row').filter({ hasText: CLIENT.email });
    const role = clientRow.getByTestId('user-role');
    await clientRow.waitFor();
    expect(await role.textContent()).toBe('Client');
    await expectAccessible(admin);

    await clientRow.getByRole('button', { name: 'Make Admin' }).click();
    const confirm = admin.getByRole('dialog', { name: 'Make Admin' });
    expect(await confirm.textContent()).toContain(`make Kim Tanana (${CLIENT.email}) an admin?`);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect(await role.textContent()).toBe('Client');

    await clientRow.getByRole('button', { name: 'Make Admin' }).click();
    await confirm.getByRole('button', { name: 'Make Admin' }).click();
    await toast('User role updated');
    // An admin is staff: the account leaves the clients' list for the staff's.
    await admin.getByText('No client accounts yet').waitFor();
    await admin.getByRole('tab', { name: 'Staff' }).click();
    const row = panel('Staff').getByTestId('user-row').filter({ hasText: CLIENT.email });
    await row.getByText('Admin', { exact: true }).waitFor();

    await row.getByRole('button', { name: 'Remove Admin' }).click();
    await admin
      .getByRole('dialog', { name: 'Remove Admin' })
      .getByRole('button', { name: 'Remove Admin' })
      .click();
    await row.getByText('User', { exact: true }).waitFor();

    const mine = panel('Staff').getByTestId('user-row').filter({ hasText: '(you)' });
    expect(await mine.getByRole('button', { name: 'Delete' }).isDisabled()).toBe(true);
    expect(await row.getByRole('button', { name: 'Delete' }).isDisabled()).toBe(false);
    await row.getByRole('button', { name: 'Delete' }).click();
    const ask = admin.getByRole('dialog', { name: 'Delete User' });
    expect(await ask.textContent()).toContain('This action cannot be undone.');
    await ask.getByRole('button', { name: 'Cancel' }).click();

    await admin.getByRole('button', { name: 'Generate Temporary Password' }).click();
    await toast('Please enter a user email address');
    await admin.getByRole('button', { name: 'Create Admin' }).click();
    await toast('Please enter both email and name for the new admin');
    await admin.getByLabel('User email', { exact: true }).fill(CLIENT.email);
    await admin.getByRole('button', { name: 'Generate Temporary Password' }).click();
    const issued = admin.getByTestId('secret-value');
    await issued.waitFor();
    expect(await b.t.login(CLIENT.email, (await issued.textContent()) ?? '')).toEqual(expect.any(String));
  });

  it('shows the figures, each card opening its view, and keeps a note of today across a reload', async () => {
    await admin.goto('/admin?view=dashboard');
    const totalClients = admin.getByTestId('stat-totalClients');
    await totalClients.waitFor();
    expect(await totalClients.textContent()).toBe('1');
    expect(await admin.getByTestId('stat-totalRevenue').textContent()).toBe('$0.00');
    // The client's form made in the portal test waits for a signature; its card opens the Documents view.
    expect(await admin.getByTestId('stat-pendingDocuments').textContent()).toBe('1');
    expect(await admin.getByRole('link', { name: /Pending Documents/ }).count()).toBe(1);
    // Every card opens its view, Payments included.
    expect(await admin.getByRole('link', { name: /Pending Payments/ }).count()).toBe(1);
    await admin.getByText('No notes for this day').waitFor();
    await expectAccessible(admin);

    await admin.getByLabel('New note').fill('Call Kim about the camera mounts');
    await admin.getByRole('button', { name: 'Add', exact: true }).click();
    const note = admin.getByTestId('daily-note').filter({ hasText: 'Call Kim about the camera mounts' });
    await note.waitFor();
    // A click, not check(): the tick shows once the optimistic update renders, a moment after the click,
    // and check() reads the box straight after its click. The reload below waits for the save.
    const saved = admin.waitForResponse(
      (r) => r.request().method() === 'PATCH' && r.url().includes('/api/dashboard/notes/'),
    );
    await note.getByRole('checkbox').click();
    await admin.getByText('1 of 1 done').waitFor();
    expect((await saved).status()).toBe(200);

    await admin.reload();
    await note.waitFor();
    expect(await note.getByRole('checkbox').isChecked()).toBe(true);
    await admin.getByRole('button', { name: 'Next day' }).click();
    await admin.getByText('No notes for this day').waitFor();
    await admin.getByRole('button', { name: 'Today' }).click();
    await note.waitFor();
    await expectAccessible(admin);

    await admin.getByRole('link', { name: /Total Clients/ }).click();
    await admin.waitForURL(/view=clients/);
    await card().waitFor();
  });

  it('pages and searches clients on the server, and lists staff and clients apart, on a phone and a desktop', async () => {
    const number = (i: number) => String(i).padStart(2, '0');
    for (let i = 1; i <= 30; i++) {
      const made = await b.t.call(
        'POST',
        '/api/clients',
        { name: `Paging Client ${number(i)}`, email: `paging-${number(i)}@example.com`, portalAccess: true },
        b.t.adminToken,
      );
      expect(made.status).toBe(201);
    }
    await b.t.createUser({ firstName: 'Sam', lastName: 'Staffer', email: 'sam.staffer@example.com' });
    const clients = (await b.t.call('GET', '/api/clients?limit=1', undefined, b.t.adminToken)).body.total;
    const staff = (await b.t.call('GET', '/api/users?kind=staff&limit=1', undefined, b.t.adminToken)).body
      .total;
    expect(clients).toBe(31);
    // The first admin, Kim (a user since the test above) and Sam.
    expect(staff).toBe(3);

    for (const viewport of [
      { width: 375, height: 812 },
      { width: 1280, height: 900 },
    ]) {
      const page = await b.newPage(viewport);
      await b.signInAsAdmin(page);
      const sideways = () => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

      await page.goto('/admin?view=clients');
      const cards = page.getByTestId('client-card');
      // By name, one page of 24, the total from the server.
      await page.getByText(`Showing 24 of ${clients} clients`).waitFor();
      expect(await page.getByText(`${clients} clients`, { exact: true }).count()).toBe(1);
      expect(await cards.first().getByRole('heading').textContent()).toBe('Kim Tanana');
      await page.getByRole('button', { name: 'Show More Clients' }).click();
      await page.getByText(`Showing ${clients} of ${clients} clients`).waitFor();
      const names = await cards.getByRole('heading').allTextContents();
      expect(new Set(names).size).toBe(clients);
      expect(await page.getByRole('button', { name: 'Show More Clients' }).count()).toBe(0);
      expect(await sideways()).toBe(false);
      await page.getByLabel('Sort').selectOption('za');
      await eventually('Z-A first', async () =>
        (await cards.first().textContent())?.includes('Paging Client 30'),
      );
      // Typing searches the server: every word, anywhere in the name, e-mail, phone or address.
      await page.getByLabel('Search clients').fill('client 07');
      await page.getByText('Showing 1 of 1 clients').waitFor();
      await page.getByText('1 client found').waitFor();
      expect(await cards.getByRole('heading').allTextContents()).toEqual(['Paging Client 07']);
      await page.getByLabel('Search clients').fill('paging-12@');
      await page.getByText('Showing 1 of 1 clients').waitFor();
      await cards.filter({ hasText: 'Paging Client 12' }).waitFor();
      await page.getByLabel('Search clients').fill('nobody 100%');
      await page.getByText('No clients match "nobody 100%"').waitFor();
      await expectAccessible(page);
      expect(await sideways()).toBe(false);

      await page.goto('/admin?view=users');
      const panel = (name: string) => page.getByRole('tabpanel', { name });
      // Staff first: the admins and users, never a client.
      await page.getByText(`Showing ${staff} of ${staff} staff accounts`).waitFor();
      const staffRoles = await panel('Staff').getByTestId('user-role').allTextContents();
      expect(staffRoles).toHaveLength(staff);
      expect(staffRoles.every((r) => r === 'Admin' || r === 'User')).toBe(true);
      expect(await panel('Staff').getByText('(you)').count()).toBe(1);
      expect(await sideways()).toBe(false);
      await page.getByRole('tab', { name: 'Clients' }).click();
      await panel('Clients').getByText('Showing 24 of 30 client accounts').waitFor();
      await panel('Clients').getByRole('button', { name: 'Show More Clients' }).click();
      await panel('Clients').getByText('Showing 30 of 30 client accounts').waitFor();
      const clientRoles = await panel('Clients').getByTestId('user-role').allTextContents();
      expect(new Set(clientRoles)).toEqual(new Set(['Client']));
      expect(await sideways()).toBe(false);
      // One search box for both lists, each searched on the server.
      await page.getByLabel('Search users').fill('client 07');
      await panel('Clients').getByText('Showing 1 of 1 client accounts').waitFor();
      expect(await panel('Clients').getByTestId('user-row').allTextContents()).toEqual([
        expect.stringContaining('paging-07@example.com'),
      ]);
      await page.getByRole('tab', { name: 'Staff' }).click();
      await panel('Staff').getByText('No staff accounts match "client 07"').waitFor();
      await page.getByLabel('Search users').fill('STAFFER');
      await panel('Staff').getByText('Showing 1 of 1 staff accounts').waitFor();
      await panel('Staff').getByTestId('user-row').filter({ hasText: 'Sam Staffer' }).waitFor();
      await expectAccessible(page);
      expect(await sideways()).toBe(false);
      await page.context().close();
    }
  }, 120_000);
});
