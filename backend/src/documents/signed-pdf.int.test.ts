import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TDocument } from '@app/contracts/api/documents';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { SIGNATURE_DATA_URL } from '../../test/cast.ts';
import { portalClientWithProject } from '../../test/clients.ts';
import { signedContent } from './decide.ts';

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');
const has = (tool: string) => {
  try {
    execFileSync('which', [tool], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};
const POPPLER = has('pdftotext') && has('pdftoppm');
if (!POPPLER)
  console.warn('pdftotext/pdftoppm (poppler-utils) missing: the certificate text checks are skipped');

describe('signed PDF of a document', () => {
  let t: TestApp;
  let mine: { token: string; projectId: number };
  let theirs: { token: string; projectId: number };
  const work = mkdtempSync(join(tmpdir(), 'signed-pdf-'));

  beforeAll(async () => {
    t = await startTestApp();
    const newClient = (n: number) =>
      portalClientWithProject(t, { name: `Signer ${n}`, email: `sp${n}@example.com` });
    mine = await newClient(1);
    theirs = await newClient(2);
  });
  afterAll(async () => {
    rmSync(work, { recursive: true, force: true });
    await t?.close();
  });

  const newForm = async (formData: Record<string, unknown>, description = 'Please review and sign.') => {
    const res = await t.call(
      'POST',
      '/api/documents',
      {
        title: 'Camera Install Quote',
        description,
        projectId: mine.projectId,
        formData,
      },
      t.adminToken,
    );
    expect(res.status).toBe(201);
    return res.body as TDocument;
  };
  const sign = async (id: number, token: string) => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/documents/${id}/sign`,
      headers: { authorization: `Bearer ${token}`, 'user-agent': 'Test Tablet/1.0' },
      payload: { signatureData: SIGNATURE_DATA_URL },
    });
    expect(res.statusCode).toBe(200);
  };
  const download = (id: number, token: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/documents/${id}/signed-pdf`,
      headers: { authorization: `Bearer ${token}` },
    });
  /** The text of one page as pdftotext reads it (whitespace runs made single spaces). */
  const pageText = (pdf: Buffer, page: number) => {
    const file = join(work, `${sha256(pdf)}.pdf`);
    writeFileSync(file, pdf);
    const text = execFileSync('pdftotext', ['-f', `${page}`, '-l', `${page}`, file, '-']).toString();
    return text.replace(/\s+/g, ' ');
  };

  it('the signer downloads the form with the signature and a certificate naming who, when, where and the hashes', async () => {
    const doc = await newForm({ projectType: 'Residential', cameraCount: 4, nightVision: true });
    await sign(doc.id, mine.token);
    const res = await download(doc.id, mine.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toContain(
      'attachment; filename="Camera Install Quote-signed.pdf"',
    );
    const pdf = res.rawPayload;
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(2);

    // The hash printed is the one a reader recomputes from the form the store holds.
    const [created] = await t.deps.store.readStream(`document-${doc.id}`);
    const form = created!.data as {
      title: string;
      description: string;
      templateType: string;
      formData: never;
      sections: null;
    };
    const recomputed = sha256(signedContent(doc.id, form));
    if (!POPPLER) return;
    const first = pageText(pdf, 1);
    expect(first).toContain('Camera count 4');
    expect(first).toContain('Night vision Yes');
    expect(first).toContain('Signed by Signer 1');
    const certificate = pageText(pdf, 2);
    expect(certificate).toContain('Certificate of completion');
    expect(certificate).toContain(`Document: #${doc.id} - Camera Install Quote`);
    expect(certificate).toContain('sp1@example.com');
    expect(certificate).toContain('(role: client)');
    expect(certificate).toContain('America/Anchorage');
    expect(certificate).toMatch(/AKST|AKDT/);
    expect(certificate).toContain('UTC');
    expect(certificate).toContain('IP address: 127.0.0.1');
    expect(certificate).toContain('Test Tablet/1.0');
    expect(certificate).toContain(`Signed content SHA-256: ${recomputed}`);
    expect(certificate).toMatch(/Signed PDF content pages SHA-256: [0-9a-f]{64}/);
    expect(certificate).toMatch(/DocumentFormCreated \| .*\(admin\)/);
    expect(certificate).toMatch(/DocumentSigned \| Signer 1 <sp1@example.com> \(client\)/);

    // The certificate page renders to a picture that is not blank.
    const png = join(work, 'certificate');
    execFileSync('pdftoppm', [
      '-f',
      '2',
      '-l',
      '2',
      '-r',
      '40',
      '-png',
      '-singlefile',
      join(work, `${sha256(pdf)}.pdf`),
      png,
    ]);
    expect(statSync(`${png}.png`).size).toBeGreaterThan(1000);
    expect(new Set(readFileSync(`${png}.png`)).size).toBeGreaterThan(10);
  });

  it('the same signed document always gives the same PDF, and an admin may download it too', async () => {
    const doc = await newForm({ cameraCount: 2 });
    await sign(doc.id, mine.token);
    const a = await download(doc.id, mine.token);
    const b = await download(doc.id, t.adminToken);
    expect(b.statusCode).toBe(200);
    expect(sha256(b.rawPayload)).toBe(sha256(a.rawPayload));
  });

  it('a long form runs onto more pages before the certificate; a 20-field form is made quickly', async () => {
    const long = 'The cameras cover the driveway, the back door and the shop. '.repeat(60);
    const fields = Object.fromEntries(
      Array.from({ length: 20 }, (_, i) => [`question${i + 1}`, `${long} ${i}`]),
    );
    const doc = await newForm(fields, long.slice(0, 1900));
    await sign(doc.id, mine.token);
    const started = performance.now();
    const res = await download(doc.id, mine.token);
    const ms = performance.now() - started;
    console.info(`signed PDF of a 20-field form: ${Math.round(ms)} ms, ${res.rawPayload.length} bytes`);
    expect(res.statusCode).toBe(200);
    const pages = (await PDFDocument.load(res.rawPayload)).getPageCount();
    expect(pages).toBeGreaterThan(3);
    if (!POPPLER) return;
    expect(pageText(res.rawPayload, pages)).toContain('Certificate of completion');
    expect(pageText(res.rawPayload, pages - 1)).toContain('Signed by Signer 1');
  });

  it('another client is told it does not exist; an unsigned document is refused with a reason', async () => {
    const doc = await newForm({ cameraCount: 1 });
    const unsigned = await download(doc.id, mine.token);
    expect(unsigned.statusCode).toBe(409);
    expect(unsigned.json().message).toMatch(/not signed yet/);
    await sign(doc.id, mine.token);
    expect((await download(doc.id, theirs.token)).statusCode).toBe(404);
    expect((await download(999_999, t.adminToken)).statusCode).toBe(404);
    expect((await t.call('DELETE', `/api/documents/${doc.id}`, undefined, t.adminToken)).status).toBe(200);
    expect((await download(doc.id, mine.token)).statusCode).toBe(404);
  });
});
