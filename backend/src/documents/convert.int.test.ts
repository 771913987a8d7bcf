import { readdir } from 'node:fs/promises';
import { ZErrorBody } from '@app/contracts/api/errors';
import { CONVERT_UNSUPPORTED } from '@app/contracts/api/forms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { eventCount } from '../../test/cast.ts';
import {
  brokenDoc,
  convertRequest,
  docxBomb,
  docxWithLines,
  encryptedPdf,
  lyingDocxBomb,
  pdfWithLines,
  png,
  program,
} from '../../test/fixtures/documents.ts';
import { convertToForm } from './convert-file.ts';

const workOrder = [
  'WORK ORDER FORM',
  'CUSTOMER',
  'Customer Name: ______________________',
  'Email: __________________   Phone: ________________',
  'Site Address: ________________________________',
  'JOB',
  'Install Date: ___________',
  'Number of Cameras: ______',
  'Services: [ ] Cameras [ ] Starlink [ ] Network',
  'Notes:',
];

describe('POST /api/documents/convert-to-form', () => {
  let t: TestApp;
  let user: string;
  beforeAll(async () => {
    t = await startTestApp();
    const account = await t.createUser({ email: 'convert.user@example.com' });
    user = await t.activate(account.email, account.temporaryPassword);
  });
  afterAll(async () => t?.close());

  const filesLeft = async () => readdir(t.config.FILES_DIR, { recursive: true }).catch(() => []);
  const convert = async (
    file: { bytes: Buffer; name: string } | null,
    options: { token?: string | null; field?: string; action?: string | null } = {},
  ) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/documents/convert-to-form',
      ...(await convertRequest(file, { token: t.adminToken, ...options })),
    });
    return { status: res.statusCode, body: res.json() };
  };
  /** A refused file: 400 (or 413) in the answer's shape and the error shape, and nothing stored. */
  const refused = async (file: { bytes: Buffer; name: string }, status = 400) => {
    const [events, files] = [await eventCount(t), await filesLeft()];
    const res = await convert(file);
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ success: false, formTitle: '', formSections: [] });
    expect(res.body.error).toBe(res.body.message);
    expect(ZErrorBody.safeParse(res.body).success).toBe(true);
    expect(await eventCount(t)).toBe(events);
    expect(await filesLeft()).toEqual(files);
    return res.body.error as string;
  };

  it('proposes a form from a PDF’s text layer, storing nothing', async () => {
    const events = await eventCount(t);
    const res = await convert({ bytes: await pdfWithLines(workOrder), name: 'work-order.pdf' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, formTitle: 'Work Order Form', error: null });
    const summary = res.body.formSections.map(
      (s: { title: string; fields: { label: string; type: string }[] }) => [
        s.title,
        s.fields.map((f) => `${f.label}:${f.type}`),
      ],
    );
    expect(summary).toEqual([
      ['Customer', ['Customer Name:text', 'Email:email', 'Phone:phone', 'Site Address:textarea']],
      ['Job', ['Install Date:date', 'Number of Cameras:number', 'Services:multiselect', 'Notes:textarea']],
    ]);
    expect(await eventCount(t)).toBe(events);
    expect(await filesLeft()).toEqual([]);
  });

  it('proposes a form from a Word document, which the admin then saves as a converted form', async () => {
    const docx = await docxWithLines([
      'Property Access Permission',
      'Owner Name: ________',
      'Gate code: ________',
      'Dogs on the property? ☐ Yes ☐ No',
    ]);
    const res = await convert({ bytes: docx, name: 'Access Permission.docx' });
    expect(res.status).toBe(200);
    expect(res.body.formTitle).toBe('Property Access Permission');
    const fields = res.body.formSections.flatMap((s: { fields: unknown[] }) => s.fields);
    expect(fields).toEqual([
      { id: 'ownerName', type: 'text', label: 'Owner Name', placeholder: '', required: false, options: [] },
      { id: 'gateCode', type: 'text', label: 'Gate code', placeholder: '', required: false, options: [] },
      {
        id: 'dogsOnTheProperty',
        type: 'select',
        label: 'Dogs on the property?',
        placeholder: '',
        required: false,
        options: ['Yes', 'No'],
      },
    ]);
    const saved = await t.call(
      'POST',
      '/api/forms',
      {
        title: res.body.formTitle,
        sections: res.body.formSections,
        type: 'converted',
        originalDocument: 'Access Permission.docx',
      },
      t.adminToken,
    );
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ type: 'converted', originalDocument: 'Access Permission.docx' });
  });

  it('answers a picture, and a PDF without a text layer, with an empty form to fill by hand', async () => {
    const empty = [{ id: 'section-1', title: '', description: '', collapsed: false, fields: [] }];
    const picture = await convert({ bytes: png(), name: 'paper form.png' });
    expect(picture).toEqual({
      status: 200,
      body: { success: true, formTitle: 'paper form', formSections: empty, error: null },
    });
    const scanned = await convert({ bytes: await pdfWithLines([]), name: 'scan.pdf' });
    expect(scanned.body).toEqual({ success: true, formTitle: 'scan', formSections: empty, error: null });
  });

  it('refuses files that are not PDF, Word or pictures, by content as well as by name', async () => {
    expect(await refused({ bytes: Buffer.from('Name: ____\n'), name: 'notes.txt' })).toBe(
      CONVERT_UNSUPPORTED,
    );
    expect(await refused({ bytes: program(), name: 'invoice.pdf' })).toBe(CONVERT_UNSUPPORTED);
    expect(await refused({ bytes: program(), name: 'letter.docx' })).toBe(CONVERT_UNSUPPORTED);
    expect(await refused({ bytes: await pdfWithLines(['x']), name: 'photo.png' })).toBe(CONVERT_UNSUPPORTED);
    expect(await refused({ bytes: png(), name: 'no-extension' })).toBe(CONVERT_UNSUPPORTED);
  });

  it('refuses an encrypted PDF and a truncated one', async () => {
    expect(await refused({ bytes: await encryptedPdf(), name: 'locked.pdf' })).toBe(
      'The PDF locked.pdf is password-protected (encrypted). Please upload a copy without a password.',
    );
    const whole = await pdfWithLines(workOrder);
    expect(
      await refused({ bytes: whole.subarray(0, Math.floor(whole.length / 2)), name: 'cut.pdf' }),
    ).toContain('The PDF cut.pdf is incomplete');
    // The end marker kept, the body broken: no PDF a reader can open.
    const garbled = Buffer.concat([
      Buffer.from('%PDF-1.7\n'),
      Buffer.alloc(2000, 0x41),
      Buffer.from('\n%%EOF\n'),
    ]);
    expect(await refused({ bytes: garbled, name: 'garbled.pdf' })).toBe(
      'The PDF garbled.pdf could not be read. Please upload a PDF that opens in a PDF reader.',
    );
  });

  it('refuses a Word file that is a zip bomb before unpacking it, and one that lies about its sizes', async () => {
    const started = Date.now();
    expect(await refused({ bytes: await docxBomb(), name: 'bomb.docx' })).toContain(
      'unpacks to more than 50 MB',
    );
    expect(await refused({ bytes: await lyingDocxBomb(), name: 'liar.docx' })).toBe(
      'The Word document liar.docx could not be read. Please upload a document that opens in Word.',
    );
    expect(Date.now() - started).toBeLessThan(20_000);
    // A zip that is no Word document, and a .doc that is no Word document either.
    const zip = await docxWithLines([]);
    const notWord = Buffer.from(
      zip.toString('latin1').replaceAll('word/document.xml', 'word/documenx.xml'),
      'latin1',
    );
    expect(await refused({ bytes: notWord, name: 'other.docx' })).toContain('could not be read');
    expect(await refused({ bytes: brokenDoc(), name: 'old.doc' })).toBe(
      'The Word document old.doc could not be read. Please upload a document that opens in Word.',
    );
  });

  it('stops a read that takes too long', async () => {
    await expect(convertToForm(await pdfWithLines(workOrder), 'slow.pdf', { timeoutMs: 1 })).rejects.toThrow(
      'Reading slow.pdf took too long.',
    );
  });

  it('answers 413 for a file over 25 MB', async () => {
    const big = Buffer.concat([await pdfWithLines(['x']), Buffer.alloc(25 * 1024 * 1024 + 10, 0x20)]);
    expect(await refused({ bytes: big, name: 'huge.pdf' }, 413)).toBe(
      'File too large: huge.pdf is over 25MB. Please upload documents under 25MB.',
    );
  });

  it('asks for the document when none is sent, or under another name, or with another action', async () => {
    const missing = await convert(null);
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('Choose a document to convert (form field "document").');
    expect((await convert({ bytes: png(), name: 'a.png' }, { field: 'file' })).status).toBe(400);
    const action = await convert({ bytes: png(), name: 'a.png' }, { action: 'upload' });
    expect(action).toMatchObject({ status: 400, body: { error: 'action must be convert-to-form' } });
    // The action may be left out: the address says what is asked.
    expect((await convert({ bytes: png(), name: 'a.png' }, { action: null })).status).toBe(200);
  });

  it('is for admins only', async () => {
    const file = { bytes: png(), name: 'a.png' };
    expect((await convert(file, { token: user })).status).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/documents/convert-to-form',
      ...(await convertRequest(file)),
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
