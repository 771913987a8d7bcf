/// <reference lib="dom" />
import { readFile } from 'node:fs/promises';
import type { TEstimate } from '@app/contracts/api/estimates';
import type { TSettings } from '@app/contracts/api/settings';
import type { Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserApp, expectAccessible, startBrowserApp, toastText } from './browser.ts';
import { watchCsp } from './csp.ts';
import { pickFromSearch } from './fields.ts';

const CLIENT = { name: 'Hana Homer', email: 'hana@example.com' };
const OTHER = { name: 'Otto Willow', email: 'otto@example.com' };
const PROJECT = 'Homer lodge';

/** The toast with this text, waited for. */
const toastWith = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text }).waitFor();

async function downloaded(download: Download) {
  return readFile((await download.path())!, 'utf8');
}

describe('estimates: the quote calculator, All Estimates, the estimate page and the Pricing page (browser)', () => {
  let b: BrowserApp;
  let clientId: number;
  let otherId: number;
  let projectId: number;
  let estimateId: number;
  const api = async <T>(method: 'GET' | 'POST', url: string, body?: unknown) => {
    const answer = await b.t.call(method, url, body, b.t.adminToken);
    expect(answer.status, `${method} ${url}`).toBeLessThan(300);
    return answer.body as unknown as T;
  };

  beforeAll(async () => {
    b = await startBrowserApp();
    const entry = await b.t.call(
      'POST',
      '/api/clients',
      { name: CLIENT.name, email: CLIENT.email, userType: 'client', portalAccess: true },
      b.t.adminToken,
    );
    expect(entry.status).toBe(201);
    clientId = entry.body.client.id;
    const other = await b.t.call(
      'POST',
      '/api/clients',
      { name: OTHER.name, email: OTHER.email, userType: 'client', portalAccess: false },
      b.t.adminToken,
    );
    otherId = other.body.client.id;
    const project = await b.t.call(
      'POST',
      '/api/projects',
      { clientId, title: PROJECT, type: 'security_cameras' },
      b.t.adminToken,
    );
    expect(project.status).toBe(201);
    projectId = project.body.id;
  });
  afterAll(async () => b?.close());

  it('the calculator prices a quote as worked by hand, saves it, and All Estimates finds it', async () => {
    const admin = await b.newPage();
    const csp = await watchCsp(admin);
    await b.signInAsAdmin(admin);
    await admin.goto('/admin?view=all-estimates');
    await admin.getByRole('heading', { name: 'No Estimates Yet' }).waitFor();
    expect(await admin.getByRole('heading', { level: 1 }).textContent()).toBe('All Estimates');
    await expectAccessible(admin);

    // The calculator: the current pricing (the defaults) before a quote; Generate waits for a property type.
    await admin.getByRole('button', { name: 'New Estimate' }).click();
    await admin.getByRole('heading', { name: 'Quote Calculator' }).waitFor();
    const pricing = admin.getByRole('region', { name: 'Current Pricing' });
    await pricing.getByText('Wired camera').waitFor();
    expect(await pricing.innerText()).toMatch(/Wired camera\s+\$110/);
    expect(await pricing.innerText()).toMatch(/Extended Warranty \(2-year\)\s+\$200/);
    const generate = admin.getByRole('button', { name: 'Generate Quote' });
    expect(await generate.isDisabled()).toBe(true);
    await expectAccessible(admin);

    await admin.getByLabel('Job name').fill('Lodge cameras and Starlink');
    // The project picker shows once a client with projects is chosen, and only that client's projects.
    // The client is found by typing; each option shows the e-mail that tells namesakes apart.
    expect(await admin.getByLabel('Project (optional)').count()).toBe(0);
    const client = admin.getByRole('combobox', { name: 'Client', exact: true });
    await pickFromSearch(client, 'Hana', CLIENT.name, CLIENT.email);
    await admin.getByLabel('Project (optional)').selectOption({ label: PROJECT });
    await pickFromSearch(client, 'Otto', OTHER.name, OTHER.email);
    expect(await admin.getByLabel('Project (optional)').count()).toBe(0);
    await pickFromSearch(client, 'Hana', CLIENT.name, CLIENT.email);
    expect(await admin.getByLabel('Project (optional)').inputValue()).toBe('');
    await admin.getByLabel('Project (optional)').selectOption({ label: PROJECT });

    // Camera type none hides the count (0); wired again brings the count back; wire length only for wired.
    await admin.getByLabel('Number of cameras').fill('6');
    await admin.getByLabel('Camera type').selectOption('none');
    expect(await admin.getByLabel('Number of cameras').count()).toBe(0);
    expect(await admin.getByLabel('Wire length (feet)').count()).toBe(0);
    await admin.getByLabel('Camera type').selectOption('wireless');
    expect(await admin.getByLabel('Number of cameras').inputValue()).toBe('6');
    expect(await admin.getByLabel('Wire length (feet)').count()).toBe(0);
    await admin.getByLabel('Camera type').selectOption('wired');
    await admin.getByLabel('Wire length (feet)').fill('150');
    await admin.getByLabel(/^Starlink installation/).check();
    await admin.getByLabel('Location').fill('Homer');
    await admin.getByLabel(/^System Training/).check();
    await admin.getByLabel('Property type').selectOption('commercial_small');
    expect(await generate.isDisabled()).toBe(false);
    await generate.click();

    // By hand, default pricing, small commercial ×1.2 on the installation parts, each rounded to dollars:
    // cameras 6 × $110 = $660 → $792; cable 150 ft × $3 = $450 → $540; Starlink $599 → $718.80 → $719;
    // labor max(4, 1.5 × 6 + 150/100) = 10.5 h × $75 = $787.50 → $945; System Training $150 as listed.
    // $792 + $540 + $719 + $945 + $150 = $3,146.
    const total = admin.getByTestId('quote-total');
    await total.waitFor();
    expect(await total.textContent()).toBe('$3,146');
    const results = admin.getByRole('region', { name: 'Your Quote' });
    const breakdown = await results.innerText();
    for (const line of [
      /Cameras\s+6 wired × \$110\s+\$792/,
      /Wiring\s+150 ft × \$3\s+\$540/,
      /\$719/,
      /10.5 hours × \$75\s+\$945/,
    ])
      expect(breakdown).toMatch(line);
    expect(await admin.getByTestId('quote-timeline').textContent()).toBe('2-4 weeks');
    expect(breakdown).toContain('Installation of 6 wired security cameras with 150 ft of cable');
    // The preview follows the form: 8 custom hours are $600 → $720, so $3,146 - $945 + $720.
    await admin.getByLabel('Custom labor hours').fill('8');
    await expect.poll(() => total.textContent()).toBe('$2,921');
    await admin.getByLabel('Custom labor hours').fill('');
    await expect.poll(() => total.textContent()).toBe('$3,146');
    await expectAccessible(admin);

    // Save Estimate: the server prices it with the same function and pricing.
    await admin.getByRole('button', { name: 'Save Estimate' }).click();
    await toastWith(admin, 'Estimate Saved');
    await admin.getByRole('button', { name: 'Saved' }).waitFor();
    const [saved] = await api<TEstimate[]>('GET', '/api/estimates');
    expect(saved).toMatchObject({
      title: 'Lodge cameras and Starlink',
      clientId,
      projectId,
      totalCents: 314_600,
      cameraCount: 6,
      wireLength: 150,
      customLaborHours: null,
      additionalServices: ['system-training'],
      status: 'draft',
    });
    estimateId = saved!.id;

    // Save as PDF Quote downloads the saved one (no second estimate).
    const [pdf] = await Promise.all([
      admin.waitForEvent('download'),
      admin.getByRole('button', { name: 'Save as PDF Quote' }).click(),
    ]);
    expect(pdf.suggestedFilename()).toBe(`Quote-${saved!.quoteNumber}.pdf`);
    expect((await downloaded(pdf)).startsWith('%PDF')).toBe(true);
    expect(await api<TEstimate[]>('GET', '/api/estimates')).toHaveLength(1);

    // A second estimate made elsewhere shows by the live update; search, filter and sort.
    await admin.getByRole('button', { name: '← Back to All Estimates' }).click();
    const cards = admin.getByTestId('estimate-card');
    await cards.filter({ hasText: 'Lodge cameras and Starlink' }).waitFor();
    expect(await cards.first().getByTestId('estimate-total').textContent()).toBe('$3,146');
    expect(await cards.first().getByTestId('estimate-status').textContent()).toBe('Draft');
    await api('POST', '/api/estimates', {
      title: 'Cabin cameras',
      clientId: otherId,
      cameraType: 'wireless',
      cameraCount: 2,
      propertyType: 'house',
      location: 'Willow',
    });
    await cards.filter({ hasText: 'Cabin cameras' }).waitFor();
    const titles = () => cards.getByRole('heading').allTextContents();
    expect(await titles()).toEqual(['Cabin cameras', 'Lodge cameras and Starlink']);
    // The server searches, filters and sorts (issue 23): each change shows once its answer is in.
    await admin.getByLabel('Sort by').selectOption('cost');
    await expect.poll(titles).toEqual(['Lodge cameras and Starlink', 'Cabin cameras']);
    await admin.getByLabel('Show').selectOption('starlink');
    await expect.poll(titles).toEqual(['Lodge cameras and Starlink']);
    await admin.getByLabel('Show').selectOption('cameras');
    await expect.poll(titles).toHaveLength(2);
    await admin.getByLabel('Search estimates').fill('willow');
    await expect.poll(titles).toEqual(['Cabin cameras']);
    await admin.getByLabel('Search estimates').fill('anchorage');
    await admin.getByRole('heading', { name: 'No Estimates Found' }).waitFor();
    await admin.getByText('Showing 0 of 0 estimates').waitFor();
    await admin.getByLabel('Search estimates').fill('');
    await admin.getByLabel('Show').selectOption('all');
    await expectAccessible(admin);

    // Export on a card downloads its PDF.
    const [cardPdf] = await Promise.all([
      admin.waitForEvent('download'),
      cards.filter({ hasText: 'Cabin cameras' }).getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(cardPdf.suggestedFilename()).toMatch(/^Quote-NGS\d{6}\.pdf$/);

    // View opens the estimate page.
    await cards.filter({ hasText: 'Lodge cameras' }).getByRole('link', { name: 'View' }).click();
    await admin.waitForURL(`${b.baseUrl}/admin/estimate/${estimateId}`);
    await admin.getByRole('heading', { name: 'Lodge cameras and Starlink', level: 1 }).waitFor();
    expect(csp.violations()).toEqual([]);
    await admin.context().close();
  });

  it('the estimate page edits, saves, cancels, exports, sends, makes a project and deletes', async () => {
    const admin = await b.newPage();
    const csp = await watchCsp(admin);
    await b.signInAsAdmin(admin);
    await admin.goto(`/admin/estimate/${estimateId}`);
    await admin.getByRole('heading', { name: 'Lodge cameras and Starlink', level: 1 }).waitFor();
    expect(await admin.getByTestId('estimate-kind').textContent()).toBe('Security Cameras');
    expect(await admin.getByTestId('priced-with').textContent()).toBe('Priced with the default pricing');
    expect(await admin.getByTestId('estimate-total').textContent()).toBe('$3,146');
    for (const section of [
      'Basic Information',
      'Client & Project',
      'Property Details',
      'Technical Configuration',
      'Additional Information',
    ])
      await admin.getByRole('heading', { name: section }).waitFor();
    await expectAccessible(admin);

    // Edit: 8 cameras. By hand: $880 → $1,056; labor max(4, 12 + 1.5) = 13.5 h × $75 = $1,012.50 → $1,215;
    // with cable $540, Starlink $719 and the service $150: $3,680.
    await admin.getByRole('button', { name: 'Edit' }).click();
    const client = admin.getByRole('combobox', { name: 'Client', exact: true });
    await expect.poll(() => client.inputValue()).toBe(CLIENT.name);
    expect(await admin.getByLabel('Project (optional)').inputValue()).toBe(String(projectId));
    await admin.getByLabel('Number of cameras').fill('8');
    await expect.poll(() => admin.getByTestId('calculated-total').textContent()).toBe('$3,680');
    // Camera type none hides the camera fields; wired again restores the 8.
    await admin.getByLabel('Camera type').selectOption('none');
    expect(await admin.getByLabel('Number of cameras').count()).toBe(0);
    await admin.getByLabel('Camera type').selectOption('wired');
    expect(await admin.getByLabel('Number of cameras').inputValue()).toBe('8');
    expect(await admin.getByLabel('Wire length (feet)').inputValue()).toBe('150');
    await admin.getByLabel('Title', { exact: true }).fill('Lodge: 8 cameras and Starlink');
    await expectAccessible(admin);
    // Only what changed is sent; the automatic labor hours are not pinned.
    const patched = admin.waitForRequest((request) => request.method() === 'PATCH');
    await admin.getByRole('button', { name: 'Save Changes' }).click();
    expect((await patched).postDataJSON()).toEqual({
      title: 'Lodge: 8 cameras and Starlink',
      cameraCount: 8,
    });
    await toastWith(admin, 'Estimate Updated');
    await admin.getByRole('heading', { name: 'Lodge: 8 cameras and Starlink', level: 1 }).waitFor();
    expect(await admin.getByTestId('estimate-total').textContent()).toBe('$3,680');
    expect((await api<TEstimate>('GET', `/api/estimates/${estimateId}`)).customLaborHours).toBeNull();

    // Cancel puts back what was stored.
    await admin.getByRole('button', { name: 'Edit' }).click();
    await admin.getByLabel('Title', { exact: true }).fill('Not this');
    await admin.getByLabel('Total cost ($)').fill('1');
    await client.fill('');
    // Emptying the client takes the project choice away (once the picker has let go of the client).
    await admin.getByLabel('Project (optional)').waitFor({ state: 'detached' });
    await admin.getByRole('button', { name: 'Cancel' }).click();
    await admin.getByRole('heading', { name: 'Lodge: 8 cameras and Starlink', level: 1 }).waitFor();
    expect(await admin.getByTestId('estimate-total').textContent()).toBe('$3,680');
    expect(await admin.getByRole('region', { name: 'Client & Project' }).innerText()).toContain(CLIENT.name);

    // A refused save: 'Update Failed - Failed to save changes. Please try again.', the edit kept.
    await admin.getByRole('button', { name: 'Edit' }).click();
    await admin.route(`**/api/estimates/${estimateId}`, (route) =>
      route.request().method() === 'PATCH' ? route.fulfill({ status: 500, body: '' }) : route.fallback(),
    );
    await admin.getByLabel('Total cost ($)').fill('3500');
    await admin.getByRole('button', { name: 'Save Changes' }).click();
    await toastWith(admin, 'Failed to save changes. Please try again.');
    expect(await toastText(admin)).toContain('Update Failed');
    await admin.unroute(`**/api/estimates/${estimateId}`);

    // An adjusted total: the calculated one stays beside it.
    await admin.getByRole('button', { name: 'Save Changes' }).click();
    await toastWith(admin, 'Estimate Updated');
    await expect.poll(() => admin.getByTestId('estimate-total').textContent()).toBe('$3,500');
    expect(await admin.getByTestId('calculated-total').textContent()).toBe('$3,680');

    // Export downloads the PDF and the CSV.
    const downloads: Download[] = [];
    admin.on('download', (download) => downloads.push(download));
    await admin.getByRole('button', { name: 'Export' }).click();
    await expect.poll(() => downloads.length).toBe(2);
    const names = downloads.map((download) => download.suggestedFilename()).sort();
    expect(names[0]).toMatch(/^Quote-NGS\d{6}\.csv$/);
    expect(names[1]).toMatch(/^Quote-NGS\d{6}\.pdf$/);
    const csv = await downloaded(downloads.find((d) => d.suggestedFilename().endsWith('.csv'))!);
    expect(csv).toContain('Lodge: 8 cameras and Starlink');
    expect(csv).toContain('3500');
    expect(await admin.getByText('Export functionality can be implemented here').count()).toBe(0);

    // Send to Client: the client can now answer it in the portal. It was made for a project already.
    await admin.getByRole('button', { name: 'Send to Client' }).click();
    await expect
      .poll(() => admin.getByTestId('estimate-status').first().textContent())
      .toBe('Sent to client');
    expect(await admin.getByTestId('estimate-answer').innerText()).toMatch(/Sent .*Valid until/s);
    expect(await admin.getByRole('link', { name: 'Open Project' }).getAttribute('href')).toBe(
      `/admin/job/${projectId}`,
    );
    await expectAccessible(admin);

    // The other estimate: its client has no portal, so it cannot be sent; Create Project; then Delete.
    const cabin = (await api<TEstimate[]>('GET', '/api/estimates')).find((e) => e.title === 'Cabin cameras')!;
    await admin.goto(`/admin/estimate/${cabin.id}`);
    await admin.getByRole('heading', { name: 'Cabin cameras', level: 1 }).waitFor();
    expect(await admin.getByTestId('estimate-kind').textContent()).toBe('Security Cameras');
    await admin.getByRole('button', { name: 'Send to Client' }).click();
    await toastWith(admin, 'Failed to send quote');
    expect(await admin.getByTestId('estimate-status').first().textContent()).toBe('Draft');
    await admin.getByRole('button', { name: 'Create Project' }).click();
    await toastWith(admin, 'Project Created');
    await admin.getByRole('link', { name: 'Open Project' }).waitFor();
    const made = await api<TEstimate>('GET', `/api/estimates/${cabin.id}`);
    expect(made.projectId).not.toBeNull();
    let asked = '';
    admin.once('dialog', (dialog) => {
      asked = dialog.message();
      void dialog.accept();
    });
    await admin.getByRole('button', { name: 'Delete' }).click();
    await admin.waitForURL(/\/admin\?view=all-estimates/);
    expect(asked).toBe('Are you sure you want to delete this estimate? This action cannot be undone.');
    await admin.getByTestId('estimate-card').first().waitFor();
    expect(await admin.getByTestId('estimate-card').count()).toBe(1);
    await admin.goto(`/admin/estimate/${cabin.id}`);
    await admin.getByRole('heading', { name: 'Estimate Not Found' }).waitFor();
    await expectAccessible(admin);
    await admin.getByRole('link', { name: 'Back to All Estimates' }).click();
    await admin.waitForURL(/\/admin\?view=all-estimates/);
    expect(csp.violations()).toEqual([]);
    await admin.context().close();
  });

  it('the Pricing page saves to the server; a saved estimate keeps the pricing it was made with', async () => {
    const admin = await b.newPage();
    const csp = await watchCsp(admin);
    await b.signInAsAdmin(admin);
    await admin.goto('/admin?view=all-estimates');
    await admin.getByTestId('estimate-card').first().waitFor();

    // Edit Settings opens the Pricing page in its own window.
    const [popup] = await Promise.all([
      admin.waitForEvent('popup'),
      admin.getByRole('button', { name: 'Edit Settings' }).click(),
    ]);
    const popupCsp = await watchCsp(popup);
    await popup.getByRole('heading', { name: 'Pricing Settings' }).waitFor();
    await popup.getByLabel('Wired camera price ($)').fill('200');
    const add = popup.getByRole('button', { name: 'Add Service' });
    expect(await add.isDisabled()).toBe(true);
    await popup.getByLabel('New service name').fill('   ');
    expect(await add.isDisabled()).toBe(true);
    await popup.getByLabel('New service name').fill('Snow Guard');
    await popup.getByLabel('New service price ($)').fill('');
    expect(await add.isDisabled()).toBe(true);
    await popup.getByLabel('New service price ($)').fill('75.50');
    await add.click();
    await toastWith(popup, 'Service Added');
    await popup.getByRole('button', { name: 'Remove Extended Warranty' }).click();
    await toastWith(popup, 'Service has been removed from your list.');
    expect(await toastText(popup)).toContain('Service Removed');
    await expectAccessible(popup);
    await popup.getByRole('button', { name: 'Save Pricing Settings' }).click();
    await toastWith(popup, 'Pricing settings have been updated successfully.');
    expect(await toastText(popup)).toContain('Settings Saved');
    const settings = await api<TSettings>('GET', '/api/settings');
    expect(settings.pricing.wiredCameraPrice).toBe(200);
    expect(settings.pricing.customServices.map((s) => [s.id, s.name, s.price])).toEqual([
      ['system-training', 'System Training', 150],
      ['snow-guard', 'Snow Guard', 75.5],
    ]);

    // Back to All Estimates closes the window it was opened in.
    await Promise.all([
      popup.waitForEvent('close'),
      // The click's own wait may find its window already gone: the close above is what is checked.
      popup
        .getByRole('button', { name: '← Back to All Estimates' })
        .click()
        .catch(() => undefined),
    ]);

    // The saved estimate keeps its total and its calculation with the old prices.
    const card = admin.getByTestId('estimate-card').first();
    expect(await card.getByTestId('estimate-total').textContent()).toBe('$3,500');
    await card.getByRole('link', { name: 'View' }).click();
    await admin.getByTestId('calculated-total').waitFor();
    expect(await admin.getByTestId('calculated-total').textContent()).toBe('$3,680');
    expect(await admin.getByTestId('priced-with').textContent()).toBe('Priced with the default pricing');
    const kept = await api<TEstimate>('GET', `/api/estimates/${estimateId}`);
    expect(kept).toMatchObject({ calculatedTotalCents: 368_000, totalCents: 350_000 });

    // A new quote uses the new price: 1 wired camera at a house is $200, labor 4 h × $75 = $300.
    await admin.goto('/admin?view=all-estimates');
    await admin.getByRole('button', { name: 'New Estimate' }).click();
    expect(await admin.getByRole('region', { name: 'Current Pricing' }).innerText()).toMatch(
      /Wired camera\s+\$200/,
    );
    await admin.getByLabel('Number of cameras').fill('1');
    await admin.getByLabel('Property type').selectOption('house');
    await admin.getByRole('button', { name: 'Generate Quote' }).click();
    expect(await admin.getByTestId('quote-total').textContent()).toBe('$500');
    // Create Project needs a client; a failed save says so and keeps the quote; the retry is keyed.
    await admin.getByRole('button', { name: 'Create Project' }).click();
    await toastWith(admin, 'Choose a client for this estimate first');
    expect(await toastText(admin)).toContain('Project Creation Failed');
    await admin.route('**/api/estimates', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 500, body: '' }) : route.fallback(),
    );
    await admin.getByRole('button', { name: 'Save Estimate' }).click();
    await toastWith(admin, 'Failed to save estimate. Please try again.');
    expect(await toastText(admin)).toContain('Save Failed');
    await admin.unroute('**/api/estimates');
    const posted = admin.waitForRequest((request) => request.method() === 'POST');
    await admin.getByRole('button', { name: 'Save Estimate' }).click();
    expect((await posted).headers()['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
    await toastWith(admin, 'Estimate Saved');
    await admin.getByRole('link', { name: /View Estimate/ }).click();
    await admin.getByTestId('priced-with').waitFor();
    expect(await admin.getByTestId('priced-with').textContent()).toMatch(/^Priced with the settings of /);

    // Opened directly, the Pricing page's back button goes to All Estimates.
    await admin.goto('/admin/pricing');
    expect(await admin.getByLabel('Wired camera price ($)').inputValue()).toBe('200');
    await admin.getByRole('button', { name: '← Back to All Estimates' }).click();
    await admin.waitForURL(/\/admin\?view=all-estimates/);
    for (const watched of [csp, popupCsp]) expect(watched.violations()).toEqual([]);
    await admin.context().close();
  });

  it('All Estimates pages through many estimates and searches and filters them on the server, on a phone and a desktop', async () => {
    const entry = await b.t.call(
      'POST',
      '/api/clients',
      { name: 'Paging Outfitters', email: 'estpaging@example.com', portalAccess: false },
      b.t.adminToken,
    );
    const clientId = entry.body.client.id as number;
    for (let i = 1; i <= 30; i++) {
      const made = await b.t.call(
        'POST',
        '/api/estimates',
        {
          title: `Dock camera kit-${i}`,
          clientId,
          cameraType: 'wired',
          cameraCount: 1,
          propertyType: 'house',
        },
        b.t.adminToken,
      );
      expect(made.status).toBe(201);
    }
    const total = (await b.t.call('GET', '/api/estimates?limit=1', undefined, b.t.adminToken)).body
      .total as number;
    for (const viewport of [
      { width: 375, height: 812 },
      { width: 1280, height: 900 },
    ]) {
      const admin = await b.newPage(viewport);
      await b.signInAsAdmin(admin);
      await admin.goto('/admin?view=all-estimates');
      const cards = admin.getByTestId('estimate-card');
      // The newest first, one page of 24, the total from the server.
      await admin.getByText(`Showing 24 of ${total} estimates`).waitFor();
      expect(await cards.first().getByRole('heading').textContent()).toBe('Dock camera kit-30');
      await admin.getByRole('button', { name: 'Show More Estimates' }).click();
      await admin.getByText(`Showing ${Math.min(48, total)} of ${total} estimates`).waitFor();
      const titles = await cards.getByRole('heading').allTextContents();
      expect(new Set(titles).size).toBe(titles.length);
      // Typing searches the server: every word, the client's name included.
      await admin.getByLabel('Search estimates').fill('paging kit-30');
      await admin.getByText('Showing 1 of 1 estimate').waitFor();
      expect(await cards.getByRole('heading').allTextContents()).toEqual(['Dock camera kit-30']);
      expect(await admin.getByRole('button', { name: 'Show More Estimates' }).count()).toBe(0);
      // The status and the client found by typing narrow it on the server too.
      await admin.getByLabel('Search estimates').fill('');
      await pickFromSearch(admin.getByRole('combobox', { name: 'Client' }), 'Paging', 'Paging Outfitters');
      await admin.getByText('Showing 24 of 30 estimates').waitFor();
      await admin.getByLabel('Status').selectOption('sent');
      await admin.getByRole('heading', { name: 'No Estimates Found' }).waitFor();
      await admin.getByRole('button', { name: 'Clear Filters' }).click();
      await admin.getByText(`Showing ${Math.min(48, total)} of ${total} estimates`).waitFor();
      const sideways = await admin.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(sideways).toBe(false);
      await admin.context().close();
    }
  }, 90_000);
});
