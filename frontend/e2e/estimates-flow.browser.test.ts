/// <reference lib="dom" />
// page.evaluate callbacks run in the browser.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TEstimate } from '@app/contracts/api/estimates';
import type { TProject } from '@app/contracts/api/projects';
import type { Download, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../backend/test/eventually.ts';
import { type BrowserApp, expectAccessible, startBrowserApp } from './browser.ts';
import { watchCsp } from './csp.ts';
import { pickFromSearch } from './fields.ts';

const CLIENT = { name: 'Tova Kenai', email: 'tova@example.com', password: 'kenai-river-1' };
const SIGNER = 'Tova M. Kenai';

/** A PDF's text (pdftotext keeps the layout's reading order), of one page or all. */
const pdfText = (pdf: string, page?: number) =>
  execFileSync(
    'pdftotext',
    [...(page ? ['-f', String(page), '-l', String(page)] : []), '-layout', pdf, '-'],
    {
      encoding: 'utf8',
    },
  );
/** Whitespace folded, so text wrapped across lines (terms, names) compares as one line. */
const folded = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Saves a download in `dir` and checks it is a PDF. */
async function savePdf(download: Download, dir: string, name: string) {
  const path = join(dir, name);
  await download.saveAs(path);
  expect((await readFile(path)).subarray(0, 5).toString()).toBe('%PDF-');
  return path;
}

/** Page 1 rendered with pdftoppm: a US letter page at 72 dpi, with ink on it (dark pixels). */
async function renderFirstPage(pdf: string, dir: string) {
  const base = join(dir, 'page-1');
  execFileSync('pdftoppm', ['-f', '1', '-l', '1', '-r', '72', '-png', '-singlefile', pdf, base]);
  const { data, info } = await sharp(`${base}.png`).greyscale().raw().toBuffer({ resolveWithObject: true });
  let dark = 0;
  for (const value of data) if (value < 100) dark++;
  return { width: info.width, height: info.height, dark };
}

/** A zigzag drawn with the mouse across the signature canvas. */
async function drawWithMouse(page: Page) {
  const box = await page.getByTestId('signature-canvas').boundingBox();
  if (!box) throw new Error('the signature canvas is not on screen');
  await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.7);
  await page.mouse.down();
  for (let i = 1; i <= 20; i++)
    await page.mouse.move(box.x + box.width * (0.1 + i * 0.04), box.y + box.height * (i % 2 ? 0.3 : 0.7));
  await page.mouse.up();
}

describe('estimates: a quote made in the calculator, sent, read and accepted or declined in the portal (browser)', () => {
  let b: BrowserApp;
  let dir: string;
  let clientId: number;

  beforeAll(async () => {
    b = await startBrowserApp({ workers: false });
    dir = await mkdtemp(join(tmpdir(), 'ng-estimates-'));
    const made = await b.t.call(
      'POST',
      '/api/clients',
      { name: CLIENT.name, email: CLIENT.email, userType: 'client', portalAccess: true },
      b.t.adminToken,
    );
    clientId = made.body.client.id;
    await b.t.activate(made.body.user.email, made.body.temporaryPassword, CLIENT.password);
  });
  afterAll(async () => {
    await b?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const estimateOf = async (id: number) =>
    (await b.t.call('GET', `/api/estimates/${id}`, undefined, b.t.adminToken)).body as TEstimate;

  const signInClient = async (viewport?: { width: number; height: number }) => {
    const page = await b.newPage(viewport);
    const csp = await watchCsp(page);
    await b.signIn(page, CLIENT.email, CLIENT.password);
    await page.waitForURL(`${b.baseUrl}/client`);
    return { page, csp };
  };

  it('the admin prices and saves a quote, downloads its PDF and sends it; the client reads it, accepts with a typed name and a drawn signature, and a pending project is made', async () => {
    // The admin: All Estimates, New Estimate, the calculator for the client, then Generate Quote.
    const admin = await b.newPage();
    const adminCsp = await watchCsp(admin);
    await b.signInAsAdmin(admin);
    await admin.goto('/admin?view=all-estimates');
    await admin.getByRole('button', { name: 'New Estimate' }).click();
    await admin.getByRole('heading', { name: 'Quote Calculator' }).waitFor();
    await admin.getByLabel('Job name').fill('Kenai cabin cameras');
    await pickFromSearch(
      admin.getByRole('combobox', { name: 'Client', exact: true }),
      CLIENT.name,
      CLIENT.name,
      CLIENT.email,
    );
    await admin.getByLabel('Property type').selectOption('house');
    await admin.getByLabel('Location').fill('Soldotna');
    await admin.getByLabel('Camera type').selectOption('wired');
    await admin.getByLabel('Number of cameras').fill('6');
    await admin.getByLabel('Wire length (feet)').fill('150');
    await admin.getByRole('button', { name: 'Generate Quote' }).click();
    await admin.getByRole('heading', { name: 'Your Quote' }).waitFor();

    // Saved: the estimate gets its quote number, shown on the page.
    await admin.getByRole('button', { name: 'Save Estimate' }).click();
    const viewLink = admin.getByRole('link', { name: /^View Estimate NGS\d{6}$/ });
    await viewLink.waitFor();
    const quoteNumber = (await viewLink.textContent())!.replace('View Estimate ', '').trim();
    const listed = (await b.t.call('GET', '/api/estimates', undefined, b.t.adminToken)).body as TEstimate[];
    const saved = listed.find((estimate) => estimate.quoteNumber === quoteNumber);
    expect(saved).toMatchObject({ status: 'draft', clientId, title: 'Kenai cabin cameras', projectId: null });
    const id = saved!.id;

    // Its PDF: the download saved, page 1 rendered with pdftoppm, and the quote number on the page is on it.
    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      admin.getByRole('button', { name: 'Save as PDF Quote' }).click(),
    ]);
    const draftPdf = await savePdf(download, dir, 'draft.pdf');
    const page1 = await renderFirstPage(draftPdf, dir);
    expect(page1).toMatchObject({ width: 612, height: 792 });
    expect(page1.dark).toBeGreaterThan(500);
    expect(pdfText(draftPdf, 1)).toContain(`Quote ${quoteNumber}`);

    // The estimate page: Send to Client.
    await viewLink.click();
    await admin.waitForURL(`${b.baseUrl}/admin/estimate/${id}`);
    const approval = admin.getByRole('region', { name: 'Client Approval' });
    await approval.getByText('Not sent to the client yet.').waitFor();
    await approval.getByRole('button', { name: 'Send to Client' }).click();
    await admin.getByTestId('toast').filter({ hasText: 'Quote Sent' }).first().waitFor();
    await approval.getByTestId('estimate-status').filter({ hasText: 'Sent to client' }).waitFor();
    const sent = await estimateOf(id);
    expect(sent.status).toBe('sent');

    // The client: the count in the sidebar, the Quotes view, the quote opened.
    const { page: client, csp: clientCsp } = await signInClient();
    await client.getByTestId('pending-quotes-count').filter({ hasText: '1' }).waitFor();
    await client
      .getByRole('navigation', { name: 'Client portal' })
      .getByRole('button', { name: /Quotes/ })
      .click();
    await client.getByRole('heading', { name: 'Quotes', level: 2 }).waitFor();
    const row = client.getByTestId('client-quote').filter({ hasText: quoteNumber });
    expect(await row.getByTestId('quote-status').textContent()).toBe('Awaiting your answer');
    await expectAccessible(client);
    await row.getByRole('button', { name: 'Review & Accept Kenai cabin cameras' }).click();

    // What they read: the number, the lines and total in dollars with cents, valid until in Alaska time, terms.
    const reader = client.getByTestId('quote-document');
    await reader.waitFor();
    expect(await reader.getByTestId('quote-number').textContent()).toBe(quoteNumber);
    const dollars = (cents: number) =>
      `$${Math.floor(cents / 100).toLocaleString('en-US')}.${String(cents % 100).padStart(2, '0')}`;
    expect(await reader.getByTestId('quote-total').textContent()).toContain(dollars(sent.totalCents));
    const breakdown = await reader.getByTestId('quote-breakdown').textContent();
    expect(breakdown).toContain('6 wired cameras');
    expect(breakdown).toContain(dollars(sent.breakdown.cameras));
    expect(breakdown).toContain('150 ft of cable');
    expect(await reader.getByTestId('quote-valid-until').textContent()).toMatch(/ AK[SD]T$/);
    const terms = await reader.getByTestId('quote-terms').locator('li').allTextContents();
    expect(terms.length).toBeGreaterThan(0);
    await expectAccessible(client);

    // The client's own PDF of it carries the same lines and terms as the portal shows.
    const [clientDownload] = await Promise.all([
      client.waitForEvent('download'),
      client.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    const clientPdf = folded(pdfText(await savePdf(clientDownload, dir, 'client.pdf')));
    expect(clientPdf).toContain(`Quote ${quoteNumber}`);
    expect(clientPdf).toContain(dollars(sent.totalCents));
    for (const term of terms) expect(clientPdf).toContain(folded(term));

    // Accept: the name is asked for first, then the signature.
    await client.getByRole('button', { name: 'Accept & Sign' }).click();
    await client.getByText('Please type your full name').waitFor();
    await client.getByLabel('Full name').fill(SIGNER);
    await client.getByRole('button', { name: 'Accept & Sign' }).click();
    const pad = client.getByRole('dialog', { name: 'Digital Signature Required' });
    await pad.getByText(`accept quote ${quoteNumber}`).waitFor();
    const submit = pad.getByRole('button', { name: 'Submit Signature' });
    expect(await submit.isDisabled()).toBe(true);
    await expectAccessible(client);
    await drawWithMouse(client);
    await eventually('Submit enabled after drawing', async () => !(await submit.isDisabled()));
    await submit.click();
    await pad.waitFor({ state: 'hidden' });

    // The confirmation: accepted, by whom, and the project made for it.
    const outcome = client.getByTestId('quote-outcome').filter({ hasText: 'Quote accepted' });
    await outcome.waitFor();
    expect(await outcome.textContent()).toContain(`Accepted by ${SIGNER}`);
    const accepted = await estimateOf(id);
    expect(accepted).toMatchObject({ status: 'accepted', signerName: SIGNER });
    expect(accepted.projectId).not.toBeNull();
    expect(await client.getByTestId('quote-project').textContent()).toContain(
      `Your project "${accepted.projectTitle}" has been created`,
    );
    await expectAccessible(client);
    await client.getByRole('button', { name: 'Back to Quotes' }).click();
    await client.getByTestId('pending-quotes-count').filter({ hasText: '0' }).waitFor();
    expect(await row.getByTestId('quote-status').textContent()).toBe('Accepted');

    // Recorded: who, when and the hash of the quote they read.
    const trail = await b.t.call('GET', `/api/audit?stream=estimate-${id}`, undefined, b.t.adminToken);
    const acceptedEvent = JSON.stringify(trail.body);
    expect(acceptedEvent).toContain('EstimateAccepted');
    expect(acceptedEvent).toMatch(/"quoteSha256":"[0-9a-f]{64}"/);

    // A pending project for the client, shown in their Project Tracking.
    const projects = (await b.t.call('GET', `/api/projects/client/${clientId}`, undefined, b.t.adminToken))
      .body as TProject[];
    const project = projects.find((p) => p.id === accepted.projectId);
    expect(project).toMatchObject({ clientId, status: 'pending' });
    await client
      .getByRole('navigation', { name: 'Client portal' })
      .getByRole('button', { name: 'Project Tracking' })
      .click();
    await client.getByText(project!.title).first().waitFor();

    // The admin's estimate page: Accepted, by the signer, with the project.
    await admin.reload();
    await approval.getByTestId('estimate-status').filter({ hasText: 'Accepted' }).waitFor();
    expect(await approval.getByTestId('estimate-answer').textContent()).toContain(`Accepted by ${SIGNER}`);
    await admin.getByRole('link', { name: 'Open Project' }).waitFor();

    expect(adminCsp.violations()).toEqual([]);
    expect(clientCsp.violations()).toEqual([]);
    await admin.context().close();
    await client.context().close();
  }, 90_000);

  it('the client declines a quote on a 320 px phone, giving a reason; the admin sees it declined', async () => {
    const made = await b.t.call(
      'POST',
      '/api/estimates',
      {
        title: 'Kenai Starlink',
        clientId,
        cameraType: 'none',
        cameraCount: 0,
        starlinkInstall: true,
        propertyType: 'house',
        location: 'Kenai',
      },
      b.t.adminToken,
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = (made.body as TEstimate).id;
    expect((await b.t.call('POST', `/api/estimates/${id}/send`, undefined, b.t.adminToken)).status).toBe(200);

    const { page: client, csp } = await signInClient({ width: 320, height: 720 });
    await client.getByTestId('pending-quotes-count').filter({ hasText: '1' }).waitFor();
    await client
      .getByRole('navigation', { name: 'Client portal' })
      .getByRole('button', { name: /Quotes/ })
      .click();
    await client.getByRole('button', { name: 'Review & Accept Kenai Starlink' }).click();
    await client.getByTestId('quote-document').waitFor();
    expect(await client.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

    await client.getByRole('button', { name: 'Decline', exact: true }).click();
    const dialog = client.getByRole('dialog', { name: 'Decline Quote' });
    await dialog.getByRole('button', { name: 'Decline Quote' }).click();
    await dialog.getByText('Please tell us why you are declining').waitFor();
    await expectAccessible(client);
    await dialog.getByLabel('Reason').fill('We are moving before the summer.');
    await dialog.getByRole('button', { name: 'Decline Quote' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const outcome = client.getByTestId('quote-outcome').filter({ hasText: 'Quote declined' });
    await outcome.waitFor();
    expect(await outcome.textContent()).toContain('We are moving before the summer.');
    // Answered: no way to accept it any more.
    expect(await client.getByRole('button', { name: 'Accept & Sign' }).count()).toBe(0);
    expect(await client.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await client.getByRole('button', { name: 'Back to Quotes' }).click();
    await client.getByTestId('pending-quotes-count').filter({ hasText: '0' }).waitFor();

    expect(await estimateOf(id)).toMatchObject({
      status: 'declined',
      declineReason: 'We are moving before the summer.',
      projectId: null,
    });
    const admin = await b.newPage();
    await b.signInAsAdmin(admin);
    await admin.goto(`/admin/estimate/${id}`);
    const approval = admin.getByRole('region', { name: 'Client Approval' });
    await approval.getByTestId('estimate-status').filter({ hasText: 'Declined' }).waitFor();
    expect(await approval.getByTestId('estimate-answer').textContent()).toContain(
      'Reason: We are moving before the summer.',
    );
    expect(csp.violations()).toEqual([]);
    await admin.context().close();
    await client.context().close();
  }, 60_000);
});
