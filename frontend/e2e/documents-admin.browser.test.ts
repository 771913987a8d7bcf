/// <reference lib="dom" />
// page.evaluate callbacks run in the browser.
import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portalClientWithProject } from '../../backend/test/clients.ts';
import { type BrowserApp, expectAccessible, startBrowserApp, toastText } from './browser.ts';
import { watchCsp } from './csp.ts';
import { pickFromSearch } from './fields.ts';

const CLIENT = { name: 'Nell Tanana', email: 'nell@example.com' };

/** A one-page PDF with a text layer of labelled blanks, as a scanned-in paper form would have. */
async function labelledPdf() {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([612, 792]);
  const lines = ['Site Access Form', 'Owner Name: ____________', 'Gate Code: ____________', 'Notes:'];
  for (const [index, line] of lines.entries())
    page.drawText(line, { x: 72, y: 700 - index * 30, size: 14, font });
  return Buffer.from(await pdf.save());
}

describe('documents: the admin Documents view (browser)', () => {
  let b: BrowserApp;
  let dir: string;
  let projectTitle: string;
  beforeAll(async () => {
    b = await startBrowserApp({ workers: false });
    const { clientId } = await portalClientWithProject(b.t, CLIENT);
    projectTitle = 'Lodge cameras';
    const made = await b.t.call(
      'POST',
      '/api/projects',
      { clientId, title: projectTitle, type: 'security_cameras' },
      b.t.adminToken,
    );
    expect(made.status).toBe(201);
    dir = await mkdtemp(join(tmpdir(), 'ng-documents-'));
    await writeFile(join(dir, 'site-access.pdf'), await labelledPdf());
    await writeFile(join(dir, 'notes.txt'), 'not a form');
    await writeFile(join(dir, 'fake.pdf'), 'MZ this is a program, not a PDF');
    await writeFile(join(dir, 'tool.exe'), 'MZ');
    await writeFile(join(dir, 'huge.zip'), '');
    await truncate(join(dir, 'huge.zip'), 25 * 1024 * 1024 + 1);
    await writeFile(
      join(dir, 'roof.png'),
      await sharp({ create: { width: 80, height: 60, channels: 3, background: { r: 30, g: 120, b: 60 } } })
        .png()
        .toBuffer(),
    );
  });
  afterAll(async () => {
    await b?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('builds a custom form that survives a reload, converts a PDF into the builder, fills a template', async () => {
    const admin = await b.newPage();
    const csp = await watchCsp(admin);
    await b.signInAsAdmin(admin);
    await admin.goto('/admin?view=documents');
    expect(await admin.getByRole('heading', { level: 1 }).textContent()).toBe('Documents');
    await admin.getByRole('heading', { name: 'Form Templates' }).waitFor();
    for (const title of [
      'Security Camera Install Quote',
      'Starlink Installation Quote',
      'Website Development Quote',
    ])
      await admin.getByRole('button', { name: `Open ${title}` }).waitFor();
    await admin.getByText('No custom forms created yet').waitFor();

    // The builder refuses a form without a title, then one without sections.
    await admin.getByRole('button', { name: 'Create Your First Custom Form' }).click();
    const builder = admin.getByRole('dialog', { name: 'Custom Form Builder' });
    await builder.getByRole('button', { name: 'Save Form' }).click();
    expect(await builder.getByRole('alert').textContent()).toBe('Please enter a form title');
    await builder.getByLabel('Form title').fill('Site Survey');
    await builder.getByRole('button', { name: 'Save Form' }).click();
    expect(await builder.getByRole('alert').textContent()).toBe(
      'Please add at least one section to the form',
    );
    await builder.getByRole('button', { name: 'Add Section' }).click();
    await builder.getByLabel('Section title').fill('Roof');
    await builder.getByRole('button', { name: 'Add Field' }).click();
    await builder.getByLabel('Field type').selectOption('select');
    await builder.getByLabel('Field label').fill('Roof type');
    expect(await builder.getByRole('button', { name: 'Add Option' }).isDisabled()).toBe(true);
    for (const option of ['Metal', 'Shingle']) {
      await builder.getByLabel('New option').fill(option);
      await builder.getByRole('button', { name: 'Add Option' }).click();
    }
    await builder.getByLabel('Required').check();
    await builder.getByRole('button', { name: 'Save Form' }).click();
    await builder.waitFor({ state: 'hidden' });
    expect(await toastText(admin)).toContain('Custom form saved');
    await admin.reload();
    const saved = admin.getByTestId('custom-form').filter({ hasText: 'Site Survey' });
    await saved.waitFor();

    // A file of another type is refused before it is sent.
    const convertInput = admin.locator('input[type="file"][accept=".pdf,.doc,.docx,.png,.jpg,.jpeg"]');
    await convertInput.setInputFiles(join(dir, 'notes.txt'));
    await admin.getByTestId('toast').filter({ hasText: 'Unsupported file type' }).waitFor();
    expect(await toastText(admin)).toContain('Please upload PDF, Word document, or image files only.');

    // A PDF's labelled blanks become a form, kept at the top of the custom forms and opened in the builder.
    await convertInput.setInputFiles(join(dir, 'site-access.pdf'));
    await builder.waitFor();
    expect(await toastText(admin)).toContain('Document converted successfully');
    expect(await builder.getByText('Converted from site-access.pdf').count()).toBeGreaterThan(0);
    const labels = await builder
      .getByLabel('Field label')
      .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    expect(labels).toEqual(expect.arrayContaining(['Owner Name', 'Gate Code']));
    await builder.getByRole('button', { name: 'Cancel' }).click();
    await builder.waitFor({ state: 'hidden' });
    await admin.getByTestId('custom-form').first().filter({ hasText: 'Converted' }).waitFor();

    // A template for the client's project: client, then project (moves on by itself), then the fields.
    await admin.getByRole('button', { name: 'Open Security Camera Install Quote' }).click();
    const editor = admin.getByRole('dialog', { name: 'Security Camera Install Quote' });
    await pickFromSearch(
      editor.getByRole('combobox', { name: 'Client' }),
      CLIENT.name,
      CLIENT.name,
      CLIENT.email,
    );
    await editor.getByLabel('Project').selectOption({ label: projectTitle });
    await editor.getByRole('button', { name: 'Save Form' }).waitFor();
    expect(await editor.getByLabel('Client Name').inputValue()).toBe(CLIENT.name);
    await editor.getByRole('button', { name: 'Save Form' }).click();
    expect(await editor.getByRole('alert').textContent()).toMatch(
      /^Please fill in the required fields: Project Type/,
    );
    await editor.getByLabel('Project Type').selectOption('Residential');
    await editor.getByLabel('Number of Cameras').fill('6');
    await editor.getByLabel('Property Size').selectOption({ index: 1 });
    await editor.getByLabel('Budget').selectOption({ index: 1 });
    await editor.getByLabel('Field', { exact: true }).selectOption({ label: 'Timeline' });
    await editor.getByLabel('Option', { exact: true }).fill('After the thaw');
    await editor.getByRole('button', { name: 'Add Option' }).click();
    expect(await toastText(admin)).toContain('Option Added');
    await editor.getByLabel('Timeline').selectOption('After the thaw');
    await editor.getByRole('button', { name: 'Save Form' }).click();
    await editor.waitFor({ state: 'hidden' });
    expect(await toastText(admin)).toContain('Form saved successfully');

    await admin.getByRole('tab', { name: 'Documents' }).click();
    const row = admin.getByTestId('document-row').filter({ hasText: 'Security Camera Install Quote' });
    await row.getByText('Pending').waitFor();
    await expectAccessible(admin);

    // Signing from the row: the signature dialog, then Signed and no Sign any more.
    await row.getByRole('button', { name: 'Sign Security Camera Install Quote' }).click();
    const pad = admin.getByRole('dialog', { name: 'Digital Signature Required' });
    const box = (await pad.getByTestId('signature-canvas').boundingBox())!;
    await admin.mouse.move(box.x + 30, box.y + box.height / 2);
    await admin.mouse.down();
    for (let i = 1; i <= 15; i++) await admin.mouse.move(box.x + 30 + i * 15, box.y + (i % 2 ? 40 : 120));
    await admin.mouse.up();
    await pad.getByRole('button', { name: 'Submit Signature' }).click();
    await pad.waitFor({ state: 'hidden' });
    expect(await toastText(admin)).toContain('Document signed successfully');
    await row.getByText('Signed', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: 'Sign Security Camera Install Quote' }).count()).toBe(0);
    expect(csp.violations()).toEqual([]);
    await admin.context().close();
  });

  it('uploads files under their project (and dropped ones unassigned), previews in the page, deletes after the confirmation', async () => {
    const admin = await b.newPage();
    const csp = await watchCsp(admin);
    await b.signInAsAdmin(admin);
    await admin.goto('/admin?view=documents');
    await admin.getByRole('tab', { name: 'Documents' }).click();
    await admin.getByRole('heading', { name: 'Project Documents' }).waitFor();

    await admin.getByRole('button', { name: 'Upload', exact: true }).click();
    const upload = admin.getByRole('dialog', { name: 'Upload Documents' });
    // The project is found by typing part of its client's name; the option tells the client apart.
    await pickFromSearch(
      upload.getByRole('combobox', { name: 'Project' }),
      CLIENT.name.split(' ')[0]!,
      projectTitle,
      CLIENT.name,
    );
    expect(await upload.getByRole('combobox', { name: 'Project' }).inputValue()).toBe(projectTitle);
    // Checked before sending: over 25 MB, or a type not listed; refused by the server: content unlike its name.
    await upload
      .getByLabel('Files', { exact: true })
      .setInputFiles([join(dir, 'huge.zip'), join(dir, 'tool.exe')]);
    const refused = upload.getByRole('list', { name: 'Files not uploaded' });
    await refused
      .getByText('File too large: huge.zip is over 25MB. Please upload documents under 25MB.')
      .waitFor();
    await refused.getByText(/^Unsupported file type: tool\.exe\./).waitFor();
    expect(await upload.getByRole('button', { name: 'Upload', exact: true }).isDisabled()).toBe(true);
    await upload.getByLabel('Files', { exact: true }).setInputFiles(join(dir, 'fake.pdf'));
    await upload.getByRole('button', { name: 'Upload', exact: true }).click();
    await admin.getByTestId('toast').filter({ hasText: 'Failed to upload document' }).waitFor();
    expect(await toastText(admin)).toContain('fake.pdf');
    await upload.getByRole('list', { name: 'Files to upload' }).getByText('fake.pdf').waitFor();

    await upload
      .getByLabel('Files', { exact: true })
      .setInputFiles([join(dir, 'roof.png'), join(dir, 'notes.txt'), join(dir, 'site-access.pdf')]);
    await upload.getByRole('button', { name: 'Upload', exact: true }).click();
    await upload.waitFor({ state: 'hidden' });

    const group = admin.getByTestId('document-group').filter({ hasText: projectTitle });
    const row = group.getByTestId('document-row').filter({ hasText: 'roof.png' });
    await row.waitFor();
    await group.getByTestId('document-row').filter({ hasText: 'notes.txt' }).waitFor();
    await expect.poll(() => group.getByTestId('document-count').textContent()).toBe('4 documents');

    // The type filter: Photos shows none of these; Files shows the two uploads only.
    await admin.getByRole('button', { name: 'Photos', exact: true }).click();
    await admin.getByText('No documents found').waitFor();
    await admin.getByRole('button', { name: 'Files', exact: true }).click();
    await expect.poll(() => group.getByTestId('document-count').textContent()).toBe('3 documents');
    await admin.getByRole('button', { name: 'All', exact: true }).click();

    // The picture shows in the page, from the file fetched with the session.
    await row.getByRole('button', { name: 'View roof.png' }).click();
    const preview = admin.getByRole('dialog', { name: 'Document Preview' });
    const image = preview.getByRole('img', { name: 'roof.png' });
    await image.waitFor();
    await admin.waitForFunction(() => {
      const img = document.querySelector('dialog[open] img') as HTMLImageElement | null;
      return img?.complete === true && img.naturalWidth === 80;
    });
    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      preview.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('roof.png');
    await preview.getByRole('button', { name: 'Close' }).first().click();
    await preview.waitFor({ state: 'hidden' });

    // A PDF opens in a frame inside the dialog (the CSP allows frames of the page's own blob: addresses).
    await group.getByRole('button', { name: 'View site-access.pdf' }).click();
    const frame = preview.locator('iframe[title="site-access.pdf"]');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toMatch(/^blob:/);
    await preview.getByRole('button', { name: 'Close' }).first().click();
    await preview.waitFor({ state: 'hidden' });

    // Delete asks first with the exact text; dismissing keeps it, accepting removes it.
    const asked: string[] = [];
    admin.once('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await row.getByRole('button', { name: 'Delete roof.png' }).click();
    expect(asked).toEqual(['Are you sure you want to delete "roof.png"? This action cannot be undone.']);
    expect(await row.count()).toBe(1);
    admin.once('dialog', (dialog) => void dialog.accept());
    await row.getByRole('button', { name: 'Delete roof.png' }).click();
    await admin.getByTestId('toast').filter({ hasText: 'Document deleted successfully' }).waitFor();
    await row.waitFor({ state: 'detached' });
    // Files dropped onto the panel open Upload with them; left Unassigned, they show under Unassigned Documents.
    const dataTransfer = await admin.evaluateHandle(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(['site notes'], 'dropped.txt', { type: 'text/plain' }));
      return transfer;
    });
    const panel = admin.getByTestId('documents-panel');
    await panel.dispatchEvent('dragover', { dataTransfer });
    await panel.dispatchEvent('drop', { dataTransfer });
    const dropped = admin.getByRole('dialog', { name: 'Upload Documents' });
    await dropped.getByRole('list', { name: 'Files to upload' }).getByText('dropped.txt').waitFor();
    await dropped.getByRole('button', { name: 'Upload', exact: true }).click();
    await dropped.waitFor({ state: 'hidden' });
    await admin
      .getByTestId('document-group')
      .filter({ hasText: 'Unassigned Documents' })
      .getByTestId('document-row')
      .filter({ hasText: 'dropped.txt' })
      .waitFor();

    const gone = await b.t.call('GET', '/api/documents', undefined, b.t.adminToken);
    expect(gone.body.map((doc: { title: string }) => doc.title)).not.toContain('roof.png');
    // The framed PDF is a blob: document: it has no response headers and runs under the page's own policy.
    expect(csp.violations().filter((found) => !found.startsWith('no CSP header on blob:'))).toEqual([]);
    await admin.context().close();
  });

  it('the Documents tab pages through many documents and searches and filters them on the server, on a phone and a desktop', async () => {
    const paging = await portalClientWithProject(b.t, {
      name: 'Paging Outfitters',
      email: 'docpaging@example.com',
    });
    for (let i = 1; i <= 30; i++) {
      const made = await b.t.call(
        'POST',
        '/api/documents',
        { title: `Dock waiver ${i}`, projectId: paging.projectId },
        b.t.adminToken,
      );
      expect(made.status).toBe(201);
    }
    const total = (await b.t.call('GET', '/api/documents?limit=1', undefined, b.t.adminToken)).body
      .total as number;
    for (const viewport of [
      { width: 375, height: 812 },
      { width: 1280, height: 900 },
    ]) {
      const admin = await b.newPage(viewport);
      await b.signInAsAdmin(admin);
      await admin.goto('/admin?view=documents');
      await admin.getByRole('tab', { name: 'Documents' }).click();
      const panel = admin.getByTestId('documents-panel');
      const rows = panel.getByTestId('document-row');
      // The newest first, one page of 24 grouped under the project each row names, the total from the server.
      await panel.getByText(`Showing 24 of ${total} documents`).waitFor();
      const group = panel.getByTestId('document-group').filter({ hasText: 'Paging Outfitters' });
      expect(await group.getByTestId('document-count').textContent()).toBe('24 documents');
      expect(await rows.first().textContent()).toContain('Dock waiver 30');
      await panel.getByRole('button', { name: 'Show More Documents' }).click();
      await panel.getByText(`Showing ${Math.min(48, total)} of ${total} documents`).waitFor();
      const titles = await rows.allTextContents();
      expect(new Set(titles).size).toBe(titles.length);
      // Typing searches the server: every word, the client's name included.
      await panel.getByLabel('Search documents').fill('paging waiver 30');
      await panel.getByText('Showing 1 of 1 document').waitFor();
      expect(await rows.count()).toBe(1);
      expect(await panel.getByRole('button', { name: 'Show More Documents' }).count()).toBe(0);
      // The client found by typing, the state and the type narrow it on the server too.
      await panel.getByLabel('Search documents').fill('');
      await pickFromSearch(panel.getByRole('combobox', { name: 'Client' }), 'Paging', 'Paging Outfitters');
      await panel.getByText('Showing 24 of 30 documents').waitFor();
      await panel.getByLabel('State').selectOption('completed');
      await panel.getByText('No documents found').waitFor();
      await panel.getByText('Showing 0 of 0 documents').waitFor();
      await panel.getByRole('button', { name: 'Clear Filters' }).click();
      // The unfiltered list comes back as it was left: both pages loaded.
      await panel.getByText(`Showing ${Math.min(48, total)} of ${total} documents`).waitFor();
      const sideways = await admin.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(sideways).toBe(false);
      await admin.context().close();
    }
  }, 90_000);
});
