/// <reference lib="dom" />
// page.evaluate callbacks run in the browser.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../backend/test/eventually.ts';
import { type BrowserApp, expectAccessible, startBrowserApp, toastText } from './browser.ts';
import { describedBy, pickFromSearch } from './fields.ts';

const CLIENT = { name: 'Mara Kodiak', email: 'mara@example.com' };
const NEW_PASSWORD = 'kodiak-bear-1';

/** A small PNG of one colour. */
const png = (red: number, green: number, blue: number) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: red, g: green, b: blue } } })
    .png()
    .toBuffer();

describe('projects: tracking, the project dialog, the job page and the client portal (browser)', () => {
  let b: BrowserApp;
  let dir: string;
  beforeAll(async () => {
    b = await startBrowserApp();
    dir = await mkdtemp(join(tmpdir(), 'ng-photos-'));
    await writeFile(join(dir, 'roof.png'), await png(200, 40, 40));
    await writeFile(join(dir, 'mast.png'), await png(40, 40, 200));
    await writeFile(join(dir, 'notes.txt'), 'not a picture');
  });
  afterAll(async () => {
    await b?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('an admin creates a job with photos and starts it; the client sees it read-only; the history names the admin', async () => {
    // The admin adds a client with portal access in the Clients view; the temporary password is mailed.
    const admin = await b.newPage();
    await b.signInAsAdmin(admin);
    await admin.goto('/admin?view=clients');
    await admin.getByRole('button', { name: 'Add New Entry' }).click();
    const entry = admin.getByRole('dialog', { name: 'Add New Entry' });
    await entry.getByLabel('Name *').fill(CLIENT.name);
    await entry.getByLabel('Email *').fill(CLIENT.email);
    expect(await entry.getByLabel('Give portal access').isChecked()).toBe(true);
    await entry.getByRole('button', { name: 'Add Entry' }).click();
    await entry.getByRole('button', { name: 'Done' }).click();
    const mail = await eventually('the temporary password mail', async () => {
      for (const name of (await readdir(b.t.outbox)).filter((n) => n.endsWith('.eml'))) {
        const text = await readFile(join(b.t.outbox, name), 'utf8');
        if (text.includes(`To: ${CLIENT.email}`)) return text;
      }
      return null;
    });
    const temporaryPassword = /Temporary password: (\S+)/.exec(mail)?.[1] ?? '';
    expect(temporaryPassword).not.toBe('');

    // Project Tracking: empty, then New Project.
    await admin.goto('/admin?view=tracking');
    await admin.getByText('No Jobs Yet').waitFor();
    expect(await admin.getByText('Showing 0 of 0 jobs').count()).toBe(1);
    await expectAccessible(admin);

    await admin.getByRole('button', { name: 'New Project' }).click();
    const create = admin.getByRole('dialog', { name: 'New Project' });
    await create.getByRole('button', { name: 'Create Project' }).click();
    await create.getByText('Please select a client').waitFor();
    const clientField = create.getByRole('combobox', { name: 'Client' });
    expect(await clientField.getAttribute('aria-invalid')).toBe('true');
    expect(await describedBy(create.getByLabel('Project Title'))).toBe('Title is required');
    // The client is found by typing; the option shows the e-mail that tells two of one name apart.
    await pickFromSearch(clientField, CLIENT.name.split(' ')[1]!, CLIENT.name, CLIENT.email);
    await create.getByLabel('Project Title').fill('Lodge cameras');
    await create.getByLabel('Project Type').selectOption('security_cameras');
    await create.getByLabel('Description').fill('Eight cameras around the lodge.');
    await expectAccessible(admin);
    await create.getByRole('button', { name: 'Create Project' }).click();
    await create.waitFor({ state: 'hidden' });
    const card = admin.getByTestId('job-card').filter({ hasText: 'Lodge cameras' });
    await card.waitFor();
    // The counters come in their own request, which may land after the list.
    await admin.getByTestId('jobs-pending').filter({ hasText: /^1$/ }).waitFor();
    await admin.getByText('Showing 1 of 1 jobs').waitFor();

    // Filters: a search with no match, then Clear Filters.
    await admin.getByLabel('Search jobs').fill('starlink');
    await admin.getByText('No Jobs Found').waitFor();
    await admin.getByText('Showing 0 of 0 jobs').waitFor();
    await admin.getByRole('button', { name: 'Clear Filters' }).click();
    await card.waitFor();

    // The project dialog: four tabs; photos checked in the browser, then uploaded one by one.
    await card.getByRole('button', { name: 'View' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Lodge cameras' });
    await dialog.getByRole('tab', { name: 'Overview' }).waitFor();
    await dialog.getByRole('tab', { name: 'Overview' }).press('ArrowRight');
    expect(await dialog.getByRole('tab', { name: 'Documents' }).getAttribute('aria-selected')).toBe('true');
    await dialog.getByText('Property Permission Form').waitFor();
    await dialog.getByText('No documents uploaded yet').waitFor();
    await expectAccessible(admin);

    await dialog.getByRole('tab', { name: 'Photos' }).click();
    const picker = dialog.getByLabel('Upload photos');
    await picker.setInputFiles(join(dir, 'notes.txt'));
    expect(await toastText(admin)).toContain(
      'notes.txt is not a supported image format. Please use JPG, PNG, HEIC, or other common image formats.',
    );
    await picker.setInputFiles([join(dir, 'roof.png'), join(dir, 'mast.png')]);
    await admin.getByTestId('toast').filter({ hasText: 'Photos uploaded' }).waitFor();
    const photos = dialog.getByRole('list', { name: 'Project photos' }).getByRole('img');
    await eventually('two photos in the grid', async () => (await photos.count()) === 2);
    expect(
      await photos.evaluateAll((images) => images.map((image) => (image as HTMLImageElement).alt)),
    ).toEqual(expect.arrayContaining(['roof.png', 'mast.png']));
    await expectAccessible(admin);

    // Overview: start the job and save.
    await dialog.getByRole('tab', { name: 'Overview' }).click();
    await dialog.getByLabel('Status').selectOption('in_progress');
    await dialog.getByLabel('Progress (%)').fill('40');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await admin.getByTestId('toast').filter({ hasText: 'Project updated successfully' }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await card.getByTestId('project-status').filter({ hasText: 'In Progress' }).waitFor();
    await admin.getByTestId('jobs-in_progress').filter({ hasText: /^1$/ }).waitFor();
    const [project] = (await b.t.call('GET', '/api/projects', undefined, b.t.adminToken)).body;
    expect(project).toMatchObject({ status: 'in_progress', progress: 40 });
    expect(project.photos).toHaveLength(2);

    // The client signs in with the temporary password and must choose a new one.
    const client = await b.newPage();
    await b.signIn(client, CLIENT.email, temporaryPassword);
    const change = client.getByRole('dialog', { name: 'Create New Password' });
    await change.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await change.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await change.getByRole('button', { name: 'Update Password' }).click();
    await client.waitForURL(`${b.baseUrl}/client`);

    // The dashboard: the summary cards and Recent Activity.
    await client.getByRole('heading', { name: 'Welcome, Mara' }).waitFor();
    await client.getByText('1 in progress').waitFor();
    await client.getByText('Awaiting your signature').waitFor();
    await client.getByText('No upcoming appointments').waitFor();
    await client.getByText('Project status: In Progress').waitFor();
    expect(await client.getByTestId('pending-documents-count').textContent()).toContain('0');
    await expectAccessible(client);

    // View Progress opens the dialog read-only: nothing to edit, upload, remove, save or delete.
    await client.getByRole('button', { name: 'View Progress' }).click();
    const readOnly = client.getByRole('dialog', { name: 'Lodge cameras' });
    await readOnly.getByText('In Progress').waitFor();
    await readOnly.getByRole('tab', { name: 'Photos' }).click();
    await eventually(
      'two photos for the client',
      async () =>
        (await readOnly.getByRole('list', { name: 'Project photos' }).getByRole('img').count()) === 2,
    );
    // Nothing to edit; the one control is the Documents tab's upload (issue #11: a client's files go to
    // staff for review), covered by documents-sign.browser.test.ts.
    expect(
      await readOnly.locator('input:not([data-testid="document-upload"]), select, textarea').count(),
    ).toBe(0);
    for (const name of [/^Save/, /Remove/, /Delete/, /Upload/]) {
      expect(await readOnly.getByRole('button', { name }).count()).toBe(0);
    }
    await expectAccessible(client);
    await readOnly.getByRole('button', { name: 'Close', exact: true }).click();

    // The other views are switched in place.
    const nav = client.getByRole('navigation', { name: 'Client portal' });
    await nav.getByRole('button', { name: /Documents/ }).click();
    await client.getByText('No documents yet').waitFor();
    await nav.getByRole('button', { name: 'Messages' }).click();
    await client.getByText('No messages yet').waitFor();
    await nav.getByRole('button', { name: 'Schedule' }).click();
    await client.getByText('No appointments scheduled').waitFor();
    await nav.getByRole('button', { name: 'Payments' }).click();
    await client.getByText('No invoices yet').waitFor();
    expect(client.url()).toBe(`${b.baseUrl}/client`);

    // Project Tracking leads to the project's own page: photos and documents shown, nothing editable.
    const form = await b.t.call(
      'POST',
      '/api/documents',
      { title: 'Mount plan', projectId: project.id, formData: { mountHeight: '3 m' } },
      b.t.adminToken,
    );
    expect(form.status).toBe(201);
    await nav.getByRole('button', { name: 'Project Tracking' }).click();
    await client.getByTestId('client-project-card').getByRole('link', { name: 'Open Project Page' }).click();
    await client.waitForURL(`${b.baseUrl}/client/job/${project.id}`);
    await client.getByRole('heading', { name: 'Lodge cameras' }).waitFor();
    await client.getByText(CLIENT.email).waitFor();
    await eventually(
      'two photos on the project page',
      async () => (await client.getByRole('list', { name: 'Project photos' }).getByRole('img').count()) === 2,
    );
    expect(await client.locator('input[type=file]').count()).toBe(0);
    expect(await client.getByRole('button', { name: /Remove|Save|Edit|Delete|Reviewed/ }).count()).toBe(0);
    // Documents: the three required forms, none made yet, each for the client to fill and sign; the form
    // staff made for the project, pending their signature, opened where it is read and signed. (The portal
    // keeps what it read until a reload: the project dialog read this project's documents before the form.)
    await client.reload();
    const documents = client.getByRole('region', { name: 'Documents' });
    const required = documents.getByTestId('required-document');
    await required.first().waitFor();
    expect(await required.count()).toBe(3);
    expect(await required.getByTestId('document-status').allTextContents()).toEqual([
      'Pending',
      'Pending',
      'Pending',
    ]);
    expect(await documents.getByRole('button', { name: /^Fill & Sign/ }).count()).toBe(3);
    const listed = documents.getByTestId('project-document');
    await listed.first().waitFor();
    expect(await listed.count()).toBe(1);
    expect(await listed.textContent()).toContain('Mount plan');
    expect(await listed.getByTestId('document-status').textContent()).toBe('Pending');
    await expectAccessible(client);
    await listed.getByRole('button', { name: 'View Mount plan' }).click();
    const opened = client.getByRole('dialog', { name: 'Document' });
    await opened.getByRole('heading', { name: 'Mount plan' }).waitFor();
    await opened.getByText('3 m').waitFor();
    await opened.getByRole('button', { name: 'Sign Document' }).waitFor();
    await client.keyboard.press('Escape');
    await opened.waitFor({ state: 'hidden' });

    // The server agrees: a client cannot change the project, and another id reads as not found.
    const clientToken = await client.evaluate(() => localStorage.getItem('auth_token'));
    const refused = await b.t.call(
      'PATCH',
      `/api/projects/${project.id}`,
      { status: 'completed' },
      clientToken,
    );
    expect(refused.status).toBe(403);
    await client.goto(`/client/job/${project.id + 1000}`);
    await client.getByText('The requested project could not be found.').waitFor();
    await client.getByRole('button', { name: 'Go Back' }).waitFor();

    // The same page for an admin (the admin flag): the documents listed, nothing to fill in their place.
    await admin.goto(`/client/job/${project.id}`);
    const adminDocuments = admin.getByRole('region', { name: 'Documents' });
    await adminDocuments.getByTestId('project-document').filter({ hasText: 'Mount plan' }).waitFor();
    expect(await adminDocuments.getByTestId('required-document').count()).toBe(3);
    expect(await adminDocuments.getByRole('button', { name: /Fill & Sign/ }).count()).toBe(0);
    await admin.getByRole('link', { name: '← Back to the job page' }).waitFor();

    // The admin's job page: the History names the admin and the status change, newest first.
    await admin.goto(`/admin/job/${project.id}`);
    await admin.getByRole('heading', { name: 'Lodge cameras', level: 1 }).waitFor();
    const history = admin.getByTestId('job-history');
    await history.getByText('Changed the status').waitFor();
    const statusChange = history.getByRole('listitem').filter({ hasText: 'Changed the status' });
    expect(await statusChange.getByTestId('history-who').textContent()).toBe('Admin');
    expect(await statusChange.textContent()).toMatch(/Pending\s*→?\s*(changed to)?\s*In Progress/);
    expect(await history.getByRole('listitem').last().textContent()).toContain('Created the project');
    await expectAccessible(admin);

    // Edit, then Cancel puts the earlier values back; Edit, then Save sends the change.
    await admin.getByRole('button', { name: 'Edit' }).click();
    await admin.getByLabel('Project Title').fill('Something else');
    await admin.getByRole('button', { name: 'Cancel' }).click();
    await admin.getByRole('heading', { name: 'Lodge cameras', level: 1 }).waitFor();
    expect(await admin.getByText('Something else').count()).toBe(0);
    await admin.getByRole('button', { name: 'Edit' }).click();
    await admin.getByLabel('Progress (%)').fill('75');
    await admin.getByRole('button', { name: 'Save', exact: true }).click();
    await admin.getByTestId('toast').filter({ hasText: 'Project updated successfully' }).waitFor();
    // Newest first: the change just saved heads the list.
    await history.getByRole('listitem').first().filter({ hasText: '75%' }).waitFor();
    expect(await history.getByRole('listitem').first().textContent()).toContain('Changed the progress');

    // A History longer than a page (20): the newest first, Show More Changes loads the older ones.
    const trailTotal = async () =>
      (await b.t.call('GET', `/api/audit?stream=project-${project.id}&limit=1`, undefined, b.t.adminToken))
        .body as { total: number; items: { changes: { to?: unknown } }[] };
    const before = (await trailTotal()).total;
    const added = Math.max(0, 25 - before);
    for (let i = 1; i <= added; i++) {
      const res = await b.t.call(
        'PATCH',
        `/api/projects/${project.id}`,
        { progress: 75 + i },
        b.t.adminToken,
      );
      expect(res.status).toBe(200);
    }
    const total = await eventually('the added changes in the trail', async () => {
      const trail = await trailTotal();
      return trail.total === before + added ? trail.total : null;
    });
    expect(total).toBeGreaterThan(20);
    expect(total).toBeLessThanOrEqual(40);
    const phone = await b.newPage({ width: 375, height: 812 });
    await b.signInAsAdmin(phone);
    for (const page of [admin, phone]) {
      await page.goto(`/admin/job/${project.id}`);
      const changes = page.getByTestId('job-history').getByRole('listitem');
      await page.getByText(`Showing 20 of ${total} changes`).waitFor();
      expect(await changes.count()).toBe(20);
      expect(await changes.first().textContent()).toContain(`${75 + added}%`);
      await page.getByRole('button', { name: 'Show More Changes' }).click();
      await page.getByText(`Showing ${total} of ${total} changes`).waitFor();
      expect(await changes.count()).toBe(total);
      expect(await changes.last().textContent()).toContain('Created the project');
      expect(await page.getByRole('button', { name: 'Show More Changes' }).count()).toBe(0);
    }
    await phone.context().close();

    await admin.getByRole('link', { name: /Back to Project Tracking/ }).click();
    await admin.waitForURL(/\/admin\?view=tracking/);

    await admin.context().close();
    await client.context().close();
  }, 90_000);

  it('the dialog saves notes, removes a photo and deletes the project, each after the browser confirms', async () => {
    const entry = await b.t.call(
      'POST',
      '/api/clients',
      { name: 'Talkeetna Cabins', email: 'cabins@example.com', userType: 'client', portalAccess: false },
      b.t.adminToken,
    );
    const created = await b.t.call(
      'POST',
      '/api/projects',
      { clientId: entry.body.client.id, title: 'Cabin internet', type: 'starlink' },
      b.t.adminToken,
    );
    expect(created.status).toBe(201);

    const admin = await b.newPage();
    await b.signInAsAdmin(admin);
    await admin.goto('/admin?view=tracking');
    const card = admin.getByTestId('job-card').filter({ hasText: 'Cabin internet' });
    await card.getByRole('button', { name: 'View' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Cabin internet' });

    await dialog.getByRole('tab', { name: 'Notes' }).click();
    await dialog.getByRole('textbox', { name: 'Notes' }).fill('Dish goes on the north gable.');
    await dialog.getByRole('button', { name: 'Save Notes' }).click();
    await admin.getByTestId('toast').filter({ hasText: 'Notes saved successfully' }).waitFor();
    const saved = await b.t.call('GET', `/api/projects/${created.body.id}`, undefined, b.t.adminToken);
    expect(saved.body.notes).toBe('Dish goes on the north gable.');

    await dialog.getByRole('tab', { name: 'Photos' }).click();
    await dialog.getByLabel('Upload photos').setInputFiles(join(dir, 'roof.png'));
    await admin.getByTestId('toast').filter({ hasText: 'Photos uploaded' }).waitFor();
    admin.once('dialog', (confirm) => void confirm.accept());
    await dialog.getByRole('button', { name: 'Remove roof.png' }).click();
    await admin.getByTestId('toast').filter({ hasText: 'Photo removed' }).waitFor();
    await dialog.getByText('No photos yet').waitFor();

    let asked = '';
    admin.once('dialog', (confirm) => {
      asked = confirm.message();
      void confirm.accept();
    });
    await dialog.getByRole('button', { name: 'Delete Project' }).click();
    await admin.getByTestId('toast').filter({ hasText: 'Project deleted successfully' }).waitFor();
    expect(asked).toBe('Are you sure you want to delete this project? This action cannot be undone.');
    await dialog.waitFor({ state: 'hidden' });
    await card.waitFor({ state: 'detached' });
    const gone = await b.t.call('GET', `/api/projects/${created.body.id}`, undefined, b.t.adminToken);
    expect(gone.status).toBe(404);
    await admin.context().close();
  });

  it('the portal retries a failing read 3 times, then offers Retry; an account without a client record is told so', async () => {
    const entry = await b.t.call(
      'POST',
      '/api/clients',
      { name: 'Nils Homer', email: 'nils@example.com', userType: 'client', portalAccess: true },
      b.t.adminToken,
    );
    await b.t.activate('nils@example.com', entry.body.temporaryPassword, NEW_PASSWORD);
    const page = await b.newPage();
    let attempts = 0;
    await page.route('**/api/appointments/client', (route) => {
      attempts += 1;
      return route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"down"}' });
    });
    await b.signIn(page, 'nils@example.com', NEW_PASSWORD);
    await page.waitForURL(`${b.baseUrl}/client`);
    // Three retries wait 1, 2 and 4 seconds.
    await page.getByText('Error Loading Dashboard').waitFor({ timeout: 20_000 });
    await page.getByText('Unable to load your client information.').waitFor();
    expect(attempts).toBe(4);
    await expectAccessible(page);
    await page.unroute('**/api/appointments/client');
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByText('Awaiting your signature').waitFor();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(`${b.baseUrl}/login`);

    const user = await b.t.createUser({ email: 'helper@example.com', firstName: 'Hal' });
    await b.t.activate(user.email, user.temporaryPassword, NEW_PASSWORD);
    await b.signIn(page, user.email, NEW_PASSWORD);
    await page.waitForURL(`${b.baseUrl}/client`);
    await page.getByText('Your account is not linked to a client yet').waitFor();
    await expectAccessible(page);
    await page.context().close();
  }, 60_000);

  it('Project Tracking pages through many jobs and searches them on the server, on a phone and a desktop', async () => {
    const entry = await b.t.call(
      'POST',
      '/api/clients',
      { name: 'Paging Outfitters', email: 'paging@example.com', portalAccess: false },
      b.t.adminToken,
    );
    const clientId = entry.body.client.id as number;
    for (let i = 1; i <= 30; i++)
      await b.t.call(
        'POST',
        '/api/projects',
        { clientId, title: `Dock camera ${i}`, type: 'security_cameras' },
        b.t.adminToken,
      );
    const total = (await b.t.call('GET', '/api/projects/counts', undefined, b.t.adminToken)).body
      .total as number;
    for (const viewport of [
      { width: 375, height: 812 },
      { width: 1280, height: 900 },
    ]) {
      const admin = await b.newPage(viewport);
      await b.signInAsAdmin(admin);
      await admin.goto('/admin?view=tracking');
      const cards = admin.getByTestId('job-card');
      // The newest first, one page of 24, the total from the server.
      await admin.getByText(`Showing 24 of ${total} jobs`).waitFor();
      expect(await cards.first().getByRole('heading').textContent()).toBe('Dock camera 30');
      await admin
        .getByTestId('jobs-total')
        .filter({ hasText: new RegExp(`^${total}$`) })
        .waitFor();
      await admin.getByRole('button', { name: 'Show More Jobs' }).click();
      await admin.getByText(`Showing ${Math.min(48, total)} of ${total} jobs`).waitFor();
      const titles = await cards.getByRole('heading').allTextContents();
      expect(new Set(titles).size).toBe(titles.length);
      // Typing searches the server: every word, the client's name included.
      await admin.getByLabel('Search jobs').fill('paging camera 30');
      await admin.getByText('Showing 1 of 1 jobs').waitFor();
      expect(await cards.getByRole('heading').allTextContents()).toEqual(['Dock camera 30']);
      expect(await admin.getByRole('button', { name: 'Show More Jobs' }).count()).toBe(0);
      const sideways = await admin.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(sideways).toBe(false);
      await admin.context().close();
    }
  }, 90_000);

  it('an unknown job shows Project Not Found with Go Back', async () => {
    const admin = await b.newPage();
    await b.signInAsAdmin(admin);
    await admin.goto('/admin/job/987654');
    await admin.getByText('Project Not Found').waitFor();
    // Opened directly, there is no page to go back to: Go Back leads to Project Tracking.
    await admin.getByRole('button', { name: 'Go Back' }).click();
    await admin.waitForURL(/\/admin\?view=tracking/);
    await admin.getByRole('heading', { name: 'All Jobs Tracking' }).waitFor();
    await admin.context().close();
  });

  it("a job opened from a client's portal view leads back to that portal", async () => {
    const entry = await b.t.call(
      'POST',
      '/api/clients',
      { name: 'Ivy Portal', email: 'ivy@example.com', portalAccess: false },
      b.t.adminToken,
    );
    const clientId = entry.body.client.id as number;
    await b.t.call(
      'POST',
      '/api/projects',
      { clientId, title: 'Ivy Starlink', type: 'starlink' },
      b.t.adminToken,
    );
    const admin = await b.newPage();
    await b.signInAsAdmin(admin);
    await admin.goto(`/admin/client-portal?clientId=${clientId}`);
    await admin.getByRole('tab', { name: 'Projects' }).click();
    await admin.getByTestId('portal-project').filter({ hasText: 'Ivy Starlink' }).click();
    await admin.getByRole('heading', { name: 'Ivy Starlink' }).waitFor();
    await admin.getByRole('link', { name: "← Back to the client's portal" }).click();
    await admin.getByRole('heading', { name: 'Ivy Portal Portal' }).waitFor();
    expect(admin.url()).toContain(`clientId=${clientId}`);
    await admin.context().close();
  });
});
