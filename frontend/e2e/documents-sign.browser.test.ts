/// <reference lib="dom" />
// page.evaluate callbacks run in the browser.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TDocument } from '@app/contracts/api/documents';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../backend/test/eventually.ts';
import { type BrowserApp, expectAccessible, startBrowserApp } from './browser.ts';
import { pickFromSearch } from './fields.ts';

const CLIENT = { name: 'Nell Sitka', email: 'nell@example.com' };
const PASSWORD = 'sitka-spruce-1';
const PHONE_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';
const PHONE = {
  viewport: { width: 375, height: 667 },
  hasTouch: true,
  isMobile: true,
  deviceScaleFactor: 2,
  userAgent: PHONE_AGENT,
};

/** A finger drawing a zigzag across the canvas: touch events through the DevTools protocol, as a phone sends them. */
async function drawWithFinger(page: Page, canvas: Locator) {
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the signature canvas is not on screen');
  const cdp = await page.context().newCDPSession(page);
  const at = (fx: number, fy: number) => [{ x: box.x + box.width * fx, y: box.y + box.height * fy }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0.1, 0.6) });
  for (let i = 1; i <= 24; i++)
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: at(0.1 + i * 0.033, i % 2 === 0 ? 0.65 : 0.3),
    });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

type Word = { text: string; xMin: number; yMin: number; xMax: number; yMax: number };

/** Each page's words with their boxes in PDF points (pdftotext -bbox). */
function wordsByPage(pdf: string): Word[][] {
  const html = execFileSync('pdftotext', ['-bbox', pdf, '-'], { encoding: 'utf8' });
  return html
    .split(/<page /)
    .slice(1)
    .map((page) =>
      [
        ...page.matchAll(
          /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
        ),
      ].map((m) => ({ xMin: +m[1]!, yMin: +m[2]!, xMax: +m[3]!, yMax: +m[4]!, text: m[5]! })),
    );
}

/** Dark pixels (the pen's ink, not the grey rule under it) in a box of a page rendered with pdftoppm. */
async function inkIn(png: string, scale: number, box: { x0: number; y0: number; x1: number; y1: number }) {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  let dark = 0;
  for (let y = Math.floor(box.y0 * scale); y < Math.min(info.height, Math.ceil(box.y1 * scale)); y++)
    for (let x = Math.floor(box.x0 * scale); x < Math.min(info.width, Math.ceil(box.x1 * scale)); x++)
      if (data[y * info.width + x]! < 70) dark++;
  return dark;
}

describe('documents: a form signed by the client on a phone, its signed PDF; a required form from the project dialog (browser)', () => {
  let b: BrowserApp;
  let dir: string;
  let projectId: number;

  beforeAll(async () => {
    b = await startBrowserApp({ workers: false });
    dir = await mkdtemp(join(tmpdir(), 'ng-documents-'));
    const made = await b.t.call(
      'POST',
      '/api/clients',
      { ...CLIENT, userType: 'client', portalAccess: true },
      b.t.adminToken,
    );
    await b.t.activate(made.body.user.email, made.body.temporaryPassword, PASSWORD);
    const project = await b.t.call(
      'POST',
      '/api/projects',
      { clientId: made.body.client.id, title: 'Cabin cameras', type: 'security_cameras' },
      b.t.adminToken,
    );
    projectId = project.body.id;
  });
  afterAll(async () => {
    await b?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const phone = async () => {
    const context = await b.browser.newContext({ baseURL: b.baseUrl, ...PHONE });
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    await b.signIn(page, CLIENT.email, PASSWORD);
    await page.waitForURL(`${b.baseUrl}/client`);
    return page;
  };

  it('an admin makes a quote form for the project, the client signs it with a finger, the admin downloads the signed PDF', async () => {
    // The admin builds the form from the template in the Documents view: client, project, then the fields.
    const admin = await b.newPage();
    await b.signInAsAdmin(admin);
    await admin.goto('/admin?view=documents');
    await admin.getByRole('button', { name: 'Open Security Camera Install Quote' }).click();
    const editor = admin.getByRole('dialog', { name: 'Security Camera Install Quote' });
    await pickFromSearch(
      editor.getByRole('combobox', { name: 'Client' }),
      CLIENT.name,
      CLIENT.name,
      CLIENT.email,
    );
    await editor.getByLabel('Project').selectOption({ label: 'Cabin cameras' });
    await editor.getByLabel('Project Type').selectOption('Residential');
    await editor.getByLabel('Number of Cameras').fill('6');
    await editor.getByLabel('Property Size').selectOption('1,500 - 3,000 sq ft');
    await editor.getByLabel('Budget').selectOption('$2,500 - $5,000');
    await editor.getByLabel('Timeline').selectOption('ASAP');
    await editor.getByRole('button', { name: 'Save Form' }).click();
    await editor.waitFor({ state: 'hidden' });
    await admin.getByTestId('toast').filter({ hasText: 'Form saved successfully' }).first().waitFor();
    const made = (await b.t.call('GET', `/api/documents/project/${projectId}`, undefined, b.t.adminToken))
      .body as TDocument[];
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      templateType: 'security',
      status: 'pending',
      formData: { cameraCount: 6 },
    });
    const formId = made[0]!.id;

    // The client, on a phone: the count in the sidebar, the card and Recent Activity come from their documents.
    const client = await phone();
    await client.getByText('Document ready for review and signature').waitFor();
    expect(await client.getByTestId('pending-documents-count').textContent()).toContain('1');
    await client.getByRole('button', { name: 'View Security Camera Install Quote' }).click();
    const row = client.getByTestId('client-document').filter({ hasText: 'Security Camera Install Quote' });
    expect(await row.getByTestId('document-status').textContent()).toBe('Pending');
    await row.getByRole('button', { name: /Review & Sign/ }).click();

    // Opening it shows the answers by the template's labels, and is recorded in the document's trail.
    const opened = client.getByRole('dialog', { name: 'Document' });
    await opened.getByText('Number of Cameras').waitFor();
    await opened.getByText('1,500 - 3,000 sq ft').waitFor();
    await eventually('the client’s view in the trail', async () => {
      const trail = await b.t.call('GET', `/api/audit?stream=document-${formId}`, undefined, b.t.adminToken);
      return JSON.stringify(trail.body).includes('DocumentViewed');
    });
    await opened.getByRole('button', { name: 'Sign Document' }).click();

    const pad = client.getByRole('dialog', { name: 'Digital Signature Required' });
    await pad.getByText('same legal effect as your handwritten signature').waitFor();
    const submit = pad.getByRole('button', { name: 'Submit Signature' });
    expect(await submit.isDisabled()).toBe(true);
    const canvas = pad.getByTestId('signature-canvas');
    // On a 375 px phone the canvas fits the dialog, keeps 2:1, and holds twice the pixels for the density.
    const size = await canvas.evaluate((c) => {
      const el = c as HTMLCanvasElement;
      const rect = el.getBoundingClientRect();
      return { cssWidth: rect.width, cssHeight: rect.height, width: el.width, right: rect.right };
    });
    expect(size.cssWidth).toBeGreaterThan(200);
    expect(size.cssWidth).toBeLessThanOrEqual(400);
    expect(size.right).toBeLessThanOrEqual(375);
    expect(Math.abs(size.cssHeight * 2 - size.cssWidth)).toBeLessThan(2);
    expect(size.width).toBe(Math.round(size.cssWidth * 2));
    await expectAccessible(client);

    await drawWithFinger(client, canvas);
    await eventually('Submit enabled after drawing', async () => !(await submit.isDisabled()));
    await pad.getByRole('button', { name: 'Clear' }).click();
    expect(await submit.isDisabled()).toBe(true);
    await drawWithFinger(client, canvas);
    await eventually('Submit enabled after drawing again', async () => !(await submit.isDisabled()));
    await submit.click();
    await client.getByTestId('toast').filter({ hasText: 'Document signed successfully' }).first().waitFor();
    await pad.waitFor({ state: 'hidden' });
    await opened.getByTestId('document-status').filter({ hasText: 'Signed' }).waitFor();
    await opened.getByRole('button', { name: 'Close', exact: true }).click();
    await eventually('the pending count back to 0', async () =>
      (await client.getByTestId('pending-documents-count').textContent())?.includes('0'),
    );
    expect(await row.getByTestId('document-status').textContent()).toBe('Signed');

    // Signed from the phone: its browser is recorded with the signature.
    const signed = (await b.t.call('GET', `/api/documents/${formId}`, undefined, b.t.adminToken))
      .body as TDocument;
    expect(signed.status).toBe('completed');
    expect(signed.signature?.userAgent).toBe(PHONE_AGENT);

    // The admin sees it Signed in the Documents view and in the project dialog, and downloads the signed PDF.
    await admin.reload();
    await admin.getByRole('tab', { name: 'Documents' }).click();
    await admin
      .getByTestId('document-row')
      .filter({ hasText: 'Security Camera Install Quote' })
      .getByText('Signed', { exact: true })
      .waitFor();
    await admin.goto('/admin?view=tracking');
    await admin
      .getByTestId('job-card')
      .filter({ hasText: 'Cabin cameras' })
      .getByRole('button', { name: 'View' })
      .click();
    const dialog = admin.getByRole('dialog', { name: 'Cabin cameras' });
    await dialog.getByRole('tab', { name: 'Documents' }).click();
    await dialog.getByRole('button', { name: 'View All Documents' }).click();
    const all = admin.getByRole('dialog', { name: 'All Project Documents' });
    const listed = all.getByTestId('project-document').filter({ hasText: 'Security Camera Install Quote' });
    expect(await listed.getByTestId('document-status').textContent()).toBe('Signed');
    await listed.getByRole('button', { name: 'View Security Camera Install Quote' }).click();
    const adminOpened = admin.getByRole('dialog', { name: 'Document' });
    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      adminOpened.getByRole('button', { name: 'Download Signed PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Security Camera Install Quote-signed.pdf');
    const pdf = join(dir, 'signed.pdf');
    await download.saveAs(pdf);
    expect((await readFile(pdf)).subarray(0, 5).toString()).toBe('%PDF-');

    // Rendered with pdftoppm: the page that says who signed holds ink between the Signature heading and
    // that line, where the drawn signature is placed; the last page is the certificate.
    const pages = wordsByPage(pdf);
    const signedPage = pages.findIndex((words) =>
      words.some((w, i) => w.text === 'Signed' && words[i + 1]?.text === 'by'),
    );
    expect(signedPage).toBeGreaterThanOrEqual(0);
    const words = pages[signedPage]!;
    const signedBy = words.findIndex((w, i) => w.text === 'Signed' && words[i + 1]?.text === 'by');
    const heading = words.slice(0, signedBy).findLast((w) => w.text === 'Signature');
    expect(heading).toBeDefined();
    const scale = 2; // 144 dpi: 2 pixels per PDF point
    const base = join(dir, 'page');
    execFileSync('pdftoppm', [
      '-f',
      String(signedPage + 1),
      '-l',
      String(signedPage + 1),
      '-r',
      '144',
      '-png',
      '-singlefile',
      pdf,
      base,
    ]);
    const band = { x0: 0, y0: heading!.yMax + 1, x1: 612, y1: words[signedBy]!.yMin - 3 };
    expect(band.y1 - band.y0).toBeGreaterThan(20);
    expect(await inkIn(`${base}.png`, scale, band)).toBeGreaterThan(400);
    // The same band of an unsigned page would be blank: the check sees ink only where the signature is.
    expect(await inkIn(`${base}.png`, scale, { ...band, y0: 0, y1: 20 })).toBe(0);

    const certificate = execFileSync(
      'pdftotext',
      ['-f', String(pages.length), '-l', String(pages.length), '-layout', pdf, '-'],
      { encoding: 'utf8' },
    );
    expect(certificate).toContain('Certificate of completion');
    expect(certificate).toContain(`#${formId}`);
    expect(certificate).toContain(CLIENT.email);
    expect(certificate).toMatch(/DocumentSigned/);
    const certificatePng = join(dir, 'certificate');
    execFileSync('pdftoppm', [
      '-f',
      String(pages.length),
      '-l',
      String(pages.length),
      '-r',
      '72',
      '-png',
      '-singlefile',
      pdf,
      certificatePng,
    ]);
    expect(await inkIn(`${certificatePng}.png`, 1, { x0: 0, y0: 0, x1: 612, y1: 792 })).toBeGreaterThan(500);
    await client.context().close();
    await admin.context().close();
  });

  it('the client fills and signs the Property Permission Form in the project dialog, and uploads a file for review', async () => {
    const client = await phone();
    await client.getByRole('button', { name: 'View Progress' }).click();
    const dialog = client.getByRole('dialog', { name: 'Cabin cameras' });
    await dialog.getByRole('tab', { name: 'Documents' }).click();
    const required = dialog.getByTestId('required-document');
    expect(await required.count()).toBe(3);
    for (const status of await required.getByTestId('document-status').allTextContents())
      expect(status).toBe('Pending');
    await dialog.getByRole('button', { name: 'Fill & Sign Property Permission Form' }).click();

    const form = client.getByRole('dialog', { name: 'Property Permission Form' });
    // Required fields are starred, and checked before anything is sent.
    await form.getByRole('button', { name: 'Sign Document' }).click();
    await form
      .getByRole('alert')
      .filter({ hasText: 'Please fill in the required fields: Property Owner Name, Property Address' })
      .waitFor();
    await form.getByLabel('Property Owner Name').fill(CLIENT.name);
    await form.getByLabel('Property Address').fill('4 Harbor Way, Sitka, AK');
    await form.getByLabel('Owner Phone').fill('907-555-0188');
    await form.getByLabel('Owner Email').fill('nope');
    await form.getByLabel('Your Relationship to the Property').selectOption('Owner');
    await form.getByLabel('Mount cameras on exterior walls').check();
    await form.getByLabel('Drill through exterior walls').check();
    await form.getByRole('button', { name: 'Sign Document' }).click();
    await form.getByRole('alert').filter({ hasText: 'Owner Email must be an e-mail address' }).waitFor();
    await form.getByLabel('Owner Email').fill('nell@example.com');
    await expectAccessible(client);
    await form.getByRole('button', { name: 'Sign Document' }).click();

    const pad = client.getByRole('dialog', { name: 'Digital Signature Required' });
    // Escape (or Cancel) leaves the signature and keeps the filled form open beneath it.
    await pad.getByTestId('signature-canvas').waitFor();
    await client.keyboard.press('Escape');
    await pad.waitFor({ state: 'hidden' });
    expect(await form.getByLabel('Owner Email').inputValue()).toBe('nell@example.com');
    expect(await dialog.isVisible()).toBe(true);
    await form.getByRole('button', { name: 'Sign Document' }).click();
    await drawWithFinger(client, pad.getByTestId('signature-canvas'));
    await pad.getByRole('button', { name: 'Submit Signature' }).click();
    await client.getByTestId('toast').filter({ hasText: 'Document signed successfully' }).first().waitFor();
    await form.waitFor({ state: 'hidden' });
    const permission = required.filter({ hasText: 'Property Permission Form' });
    await permission.getByTestId('document-status').filter({ hasText: 'Signed' }).waitFor();
    expect(
      await required.filter({ hasText: 'Service Agreement' }).getByTestId('document-status').textContent(),
    ).toBe('Pending');

    const docs = (await b.t.call('GET', `/api/documents/project/${projectId}`, undefined, b.t.adminToken))
      .body as TDocument[];
    const signed = docs.find((d) => d.templateType === 'property-permission');
    expect(signed).toMatchObject({
      status: 'completed',
      title: 'Property Permission Form',
      formData: {
        ownerName: CLIENT.name,
        ownerPhone: '907-555-0188',
        relationship: 'Owner',
        permittedWork: ['Mount cameras on exterior walls', 'Drill through exterior walls'],
      },
    });

    // A file the client uploads goes to the server and waits for staff review; the client cannot remove it.
    const file = join(dir, 'deed.txt');
    await writeFile(file, 'Deed of the cabin at 4 Harbor Way.');
    await dialog.getByLabel('Upload Documents').setInputFiles(file);
    const uploaded = dialog.getByTestId('project-document').filter({ hasText: 'deed.txt' });
    await uploaded.waitFor();
    expect(await uploaded.getByTestId('document-status').textContent()).toBe('Pending');
    expect(await dialog.getByRole('button', { name: /Delete/ }).count()).toBe(0);
    await eventually('the upload on the server', async () => {
      const list = (await b.t.call('GET', `/api/documents/project/${projectId}`, undefined, b.t.adminToken))
        .body as TDocument[];
      return list.some((d) => d.type === 'upload' && d.filename === 'deed.txt' && d.status === 'pending');
    });

    // Staff see it waiting for their review in the Documents view, and mark it reviewed in the project dialog.
    const admin = await b.newPage();
    await b.signInAsAdmin(admin);
    await admin.goto('/admin?view=documents');
    await admin.getByRole('tab', { name: 'Documents' }).click();
    const listedUpload = admin.getByTestId('document-row').filter({ hasText: 'deed.txt' });
    await listedUpload.getByTestId('document-status').filter({ hasText: 'Pending review' }).waitFor();
    // A refused review says why: the server's message in the toast (its 409 when someone else reviewed it
    // first, answered here by the browser so the file still waits for the dialog below).
    await admin.route('**/api/documents/*/review', (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'This document is not waiting for review.' }),
      }),
    );
    await listedUpload.getByRole('button', { name: 'Mark deed.txt as Reviewed' }).click();
    const refused = admin.getByTestId('toast').filter({ hasText: 'Failed to mark document as reviewed' });
    await refused.waitFor();
    expect(await refused.textContent()).toContain('This document is not waiting for review.');
    await admin.unroute('**/api/documents/*/review');
    expect(await listedUpload.getByTestId('document-status').textContent()).toBe('Pending review');
    // A staff form in the same list waits for a signature, not a review.
    expect(
      await admin
        .getByTestId('document-row')
        .filter({ hasText: 'Property Permission Form' })
        .getByRole('button', { name: /as Reviewed/ })
        .count(),
    ).toBe(0);
    await admin.goto('/admin?view=tracking');
    await admin
      .getByTestId('job-card')
      .filter({ hasText: 'Cabin cameras' })
      .getByRole('button', { name: 'View' })
      .click();
    const editable = admin.getByRole('dialog', { name: 'Cabin cameras' });
    await editable.getByRole('tab', { name: 'Documents' }).click();
    const permissionForAdmin = editable
      .getByTestId('required-document')
      .filter({ hasText: 'Property Permission Form' });
    await permissionForAdmin.getByTestId('document-status').filter({ hasText: 'Signed' }).waitFor();
    const staffUpload = editable.getByTestId('project-document').filter({ hasText: 'deed.txt' });
    expect(await staffUpload.getByTestId('document-status').textContent()).toBe('Pending review');
    await staffUpload.getByRole('button', { name: 'Mark deed.txt as Reviewed' }).click();
    await admin.getByTestId('toast').filter({ hasText: 'Document marked as reviewed' }).first().waitFor();
    await staffUpload.getByTestId('document-status').filter({ hasText: 'Completed' }).waitFor();
    expect(await staffUpload.getByRole('button', { name: /as Reviewed/ }).count()).toBe(0);
    const reviewed = (await b.t.call('GET', `/api/documents/project/${projectId}`, undefined, b.t.adminToken))
      .body as TDocument[];
    expect(reviewed.find((d) => d.filename === 'deed.txt')?.status).toBe('completed');
    let asked = '';
    admin.once('dialog', (confirm) => {
      asked = confirm.message();
      void confirm.accept();
    });
    await editable.getByRole('button', { name: 'Delete deed.txt' }).click();
    await admin.getByTestId('toast').filter({ hasText: 'Document deleted successfully' }).first().waitFor();
    expect(asked).toBe('Are you sure you want to delete "deed.txt"? This action cannot be undone.');
    await editable.getByText('No documents uploaded yet').waitFor();
    await client.context().close();
    await admin.context().close();
  });
  it('a new version voids the old signature: the client is asked to sign it, and signs with a mouse', async () => {
    const docs = (await b.t.call('GET', `/api/documents/project/${projectId}`, undefined, b.t.adminToken))
      .body as TDocument[];
    const old = docs.find((d) => d.templateType === 'security' && d.status === 'completed');
    expect(old).toBeDefined();
    const made = await b.t.call(
      'POST',
      '/api/documents',
      {
        title: 'Security Camera Install Quote v2',
        projectId,
        templateType: 'security',
        replaces: old!.id,
        formData: { ...old!.formData, cameraCount: 8 },
      },
      b.t.adminToken,
    );
    expect(made.status).toBe(201);

    const client = await b.newPage();
    await b.signIn(client, CLIENT.email, PASSWORD);
    await client.waitForURL(`${b.baseUrl}/client`);
    expect(await client.getByTestId('pending-documents-count').textContent()).toContain('1');
    await client
      .getByRole('navigation', { name: 'Client portal' })
      .getByRole('button', { name: /Documents/ })
      .click();
    const voided = client
      .getByTestId('client-document')
      .filter({ hasText: 'Security Camera Install Quote', hasNotText: 'v2' });
    await voided.getByText('Replaced by a newer version: please sign the new version.').waitFor();
    expect(await voided.getByTestId('document-status').textContent()).toBe('Void');
    await voided.getByRole('button', { name: 'View Security Camera Install Quote' }).click();
    const opened = client.getByRole('dialog', { name: 'Document' });
    await opened.getByText('Void: this signature no longer counts.').waitFor();
    expect(await opened.getByRole('button', { name: 'Sign Document' }).count()).toBe(0);
    await opened.getByRole('button', { name: 'Open the new version' }).click();
    await opened.getByRole('heading', { name: 'Security Camera Install Quote v2' }).waitFor();
    await opened.getByRole('button', { name: 'Sign Document' }).click();

    const pad = client.getByRole('dialog', { name: 'Digital Signature Required' });
    const box = (await pad.getByTestId('signature-canvas').boundingBox())!;
    expect(box.width).toBe(400);
    await client.mouse.move(box.x + 40, box.y + 150);
    await client.mouse.down();
    for (let i = 1; i <= 20; i++) await client.mouse.move(box.x + 40 + i * 15, box.y + (i % 2 ? 60 : 150));
    await client.mouse.up();
    await pad.getByRole('button', { name: 'Submit Signature' }).click();
    await client.getByTestId('toast').filter({ hasText: 'Document signed successfully' }).first().waitFor();
    await opened.getByTestId('document-status').filter({ hasText: 'Signed' }).waitFor();
    const fresh = (
      await b.t.call('GET', `/api/documents/${(made.body as TDocument).id}`, undefined, b.t.adminToken)
    ).body as TDocument;
    expect(fresh).toMatchObject({ status: 'completed', signatureVoid: false });
    await client.context().close();
  });
});
