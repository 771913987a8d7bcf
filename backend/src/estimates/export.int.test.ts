import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TEstimate } from '@app/contracts/api/estimates';
import { breakdownLines, dollars } from '@app/contracts/estimates/quote-text';
import { parse } from 'csv-parse/sync';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { imageUpload, SIGNATURE_DATA_URL } from '../../test/cast.ts';
import { portalClientWithProject } from '../../test/clients.ts';
import { eventually } from '../../test/eventually.ts';
import { plainAmount } from './quote-csv.ts';
import { quoteSha256 } from './quote-hash.ts';

const has = (tool: string) => {
  try {
    execFileSync('which', [tool], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};
const POPPLER = has('pdftotext') && has('pdfimages');
if (!POPPLER) console.warn('pdftotext/pdfimages (poppler-utils) missing: the PDF text checks are skipped');

const COMPANY = {
  name: 'Aurora Cameras LLC',
  email: 'quotes@aurora.example.com',
  phone: '(907) 555-0199',
  address: '12 Spruce Rd, Fairbanks, AK',
  logo: null,
};

describe('quote PDF and CSV downloads', () => {
  let t: TestApp;
  let mine: { token: string; clientId: number; projectId: number };
  let theirs: { token: string; clientId: number; projectId: number };
  const work = mkdtempSync(join(tmpdir(), 'quote-export-'));

  beforeAll(async () => {
    t = await startTestApp();
    mine = await portalClientWithProject(t, { name: 'Ada Quotes', email: 'export1@example.com' });
    theirs = await portalClientWithProject(t, { name: 'Bo Elsewhere', email: 'export2@example.com' });
    const saved = await t.call('PUT', '/api/settings', { section: 'company', data: COMPANY }, t.adminToken);
    expect(saved.status).toBe(200);
    const logo = await t.app.inject({
      method: 'POST',
      url: '/api/settings/logo',
      ...(await imageUpload(t.adminToken)),
    });
    expect(logo.statusCode).toBe(200);
    const url = logo.json().logo as string;
    await eventually('the logo in the settings', async () => {
      const settings = await t.call('GET', '/api/settings', undefined, t.adminToken);
      return settings.body.company.logo === url;
    });
  });
  afterAll(async () => {
    rmSync(work, { recursive: true, force: true });
    await t?.close();
  });

  /** A new estimate of the owning client, made as the calculator's Save Estimate does. */
  const newEstimate = async () => {
    const res = await t.call(
      'POST',
      '/api/estimates',
      {
        title: 'Cabin cameras',
        jobName: 'Cabin',
        clientId: mine.clientId,
        projectId: mine.projectId,
        cameraType: 'wired',
        cameraCount: 4,
        wireLength: 100,
        starlinkInstall: true,
        propertyType: 'house',
        location: 'Talkeetna',
        additionalServices: ['system-training'],
        specialRequirements: 'Call before coming up the driveway.',
      },
      t.adminToken,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as TEstimate;
  };
  const send = async (id: number) => {
    const res = await t.call('POST', `/api/estimates/${id}/send`, undefined, t.adminToken);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as TEstimate;
  };
  const download = (id: number, kind: 'pdf' | 'csv', token: string | null) =>
    t.app.inject({
      method: 'GET',
      url: `/api/estimates/${id}/${kind}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const fileOf = (pdf: Buffer) => {
    const file = join(work, `${createHash('sha256').update(pdf).digest('hex')}.pdf`);
    writeFileSync(file, pdf);
    return file;
  };
  const textOf = (pdf: Buffer) =>
    execFileSync('pdftotext', [fileOf(pdf), '-'])
      .toString()
      .replace(/\s+/g, ' ');

  it('the admin downloads a draft as a PDF: company, logo, number, client, total; the same bytes each time', async () => {
    const estimate = await newEstimate();
    const res = await download(estimate.id, 'pdf', t.adminToken);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Quote-${estimate.quoteNumber}.pdf"; filename*=UTF-8''Quote-${estimate.quoteNumber}.pdf`,
    );
    expect(estimate.quoteNumber).toMatch(/^NGS\d{6}$/);
    const pdf = res.rawPayload;
    expect((await PDFDocument.load(pdf)).getTitle()).toBe(`Quote ${estimate.quoteNumber}`);
    const again = await download(estimate.id, 'pdf', t.adminToken);
    expect(again.rawPayload.equals(pdf)).toBe(true);
    if (!POPPLER) return;
    const text = textOf(pdf);
    expect(text).toContain(COMPANY.name);
    expect(text).toContain(COMPANY.address);
    expect(text).toContain(`Quote ${estimate.quoteNumber}`);
    expect(text).toContain('Ada Quotes');
    expect(text).toContain('Location: Talkeetna');
    expect(text).toContain('System Training');
    expect(text).toContain(`Total ${dollars(estimate.totalCents)}`);
    expect(text).toContain('Call before coming up the driveway.');
    const images = execFileSync('pdfimages', ['-list', fileOf(pdf)])
      .toString()
      .trim()
      .split('\n')
      .slice(2);
    expect(images).toHaveLength(1); // the uploaded logo, stored as an 8×8 JPEG
    expect(images[0]).toMatch(/^\s*1\s+0\s+image\s+8\s+8\s/);
  });

  it('the client reads the quote once it is sent to them; another client, a draft or no session cannot', async () => {
    const estimate = await newEstimate();
    expect((await download(estimate.id, 'pdf', mine.token)).statusCode).toBe(404); // still a draft
    const sent = await send(estimate.id);
    const res = await download(estimate.id, 'pdf', mine.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Quote-${sent.quoteNumber}.pdf"; filename*=UTF-8''Quote-${sent.quoteNumber}.pdf`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    const other = await download(estimate.id, 'pdf', theirs.token);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('Estimate not found');
    expect((await download(estimate.id, 'pdf', null)).statusCode).toBe(401);
    expect((await download(999_999, 'pdf', t.adminToken)).statusCode).toBe(404);
    if (!POPPLER) return;
    expect(textOf(res.rawPayload)).toContain('Status: Sent to client');
  });

  it('once accepted, the PDF names the signer and the SHA-256 the acceptance recorded', async () => {
    const estimate = await newEstimate();
    await send(estimate.id);
    const accepted = await t.call(
      'POST',
      `/api/estimates/${estimate.id}/accept`,
      { signerName: 'Ada Quotes', signatureData: SIGNATURE_DATA_URL },
      mine.token,
    );
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const { rows } = await t.database.pool.query<{ data: { quoteSha256: string } }>(
      "SELECT data FROM es_events WHERE stream_name = $1 AND type = 'EstimateAccepted'",
      [`estimate-${estimate.id}`],
    );
    const recorded = rows[0]!.data.quoteSha256;
    expect(quoteSha256(accepted.body as TEstimate)).toBe(recorded);
    const res = await download(estimate.id, 'pdf', mine.token);
    expect(res.statusCode).toBe(200);
    if (!POPPLER) return;
    const text = textOf(res.rawPayload);
    expect(text).toMatch(/Accepted by Ada Quotes on .* (AKST|AKDT) \(America\/Anchorage\)/);
    expect(text).toContain(`Quote SHA-256: ${recorded}`);
  });

  it('the admin downloads the CSV, whose breakdown is the estimate’s; clients may not', async () => {
    const estimate = await send((await newEstimate()).id);
    const res = await download(estimate.id, 'csv', t.adminToken);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Quote-${estimate.quoteNumber}.csv"; filename*=UTF-8''Quote-${estimate.quoteNumber}.csv`,
    );
    const rows = parse(res.body, { bom: true, columns: true }) as Record<string, string>[];
    const breakdown = rows.filter((r) => r.Section === 'Breakdown');
    expect(breakdown.map((r) => [r.Item, r['Amount (USD)']])).toEqual(
      breakdownLines(estimate).map((l) => [l.item, plainAmount(l.cents)]),
    );
    const b = estimate.breakdown;
    expect(breakdown.map((r) => Math.round(Number(r['Amount (USD)']) * 100))).toEqual([
      b.cameras,
      b.wiring,
      b.starlink,
      b.labor,
      b.additional,
    ]);
    const total = rows.find((r) => r.Section === 'Total' && r.Item === 'Total');
    expect(total?.['Amount (USD)']).toBe(plainAmount(estimate.totalCents));
    expect(rows.find((r) => r.Item === 'Quote number')?.Details).toBe(estimate.quoteNumber);
    expect(rows.find((r) => r.Item === 'Client')?.Details).toBe('Ada Quotes');

    expect((await download(estimate.id, 'csv', mine.token)).statusCode).toBe(403);
    expect((await download(estimate.id, 'csv', theirs.token)).statusCode).toBe(403);
    expect((await download(estimate.id, 'csv', null)).statusCode).toBe(401);
    expect((await download(999_999, 'csv', t.adminToken)).statusCode).toBe(404);
  });
});
