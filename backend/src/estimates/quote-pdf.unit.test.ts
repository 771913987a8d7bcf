import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type TEstimate, ZEstimate } from '@app/contracts/api/estimates';
import { calculateQuote, type QuoteInput } from '@app/contracts/estimates/calculate';
import { DEFAULT_PRICING } from '@app/contracts/estimates/pricing';
import { amount, breakdownLines, dollars, totalLines } from '@app/contracts/estimates/quote-text';
import { parse } from 'csv-parse/sync';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { MARGIN, PAGE, WIDTH } from '../platform/pdf.ts';
import { plainAmount, type QUOTE_CSV_COLUMNS, quoteCsv, textCell } from './quote-csv.ts';
import { type QuoteCompany, quotePdf } from './quote-pdf.ts';

const has = (tool: string) => {
  try {
    execFileSync('which', [tool], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};
const POPPLER = has('pdftotext') && has('pdftoppm') && has('pdfimages');
if (!POPPLER)
  console.warn('pdftotext/pdftoppm/pdfimages (poppler-utils) missing: the PDF reading checks are skipped');

const COMPANY: QuoteCompany = {
  name: 'Northern Guard Security & Satellite',
  email: 'office@example.com',
  phone: '(907) 555-0100',
  address: '100 Main St, Anchorage, AK',
};

/** An estimate as the API answers it, priced by the calculator with the default pricing. */
function sampleEstimate(overrides: Partial<TEstimate> = {}, input: Partial<QuoteInput> = {}): TEstimate {
  const quoteInput: QuoteInput = {
    cameraType: 'wired',
    cameraCount: 6,
    wireLength: 150,
    starlinkInstall: true,
    propertyType: 'commercial_small',
    location: 'Homer, remote cabin',
    additionalServices: ['system-training', 'extended-warranty'],
    customLaborHours: null,
    ...input,
  };
  const quote = calculateQuote(quoteInput, DEFAULT_PRICING);
  return ZEstimate.parse({
    id: 41,
    quoteNumber: 'NGS123456',
    title: 'Shop cameras and Starlink',
    jobName: 'Homer shop',
    clientId: 7,
    clientName: 'Mara Jensen',
    projectId: null,
    projectTitle: null,
    propertyType: quoteInput.propertyType,
    location: quoteInput.location,
    cameraType: quoteInput.cameraType,
    cameraCount: quoteInput.cameraCount,
    wireLength: quoteInput.wireLength,
    starlinkInstall: quoteInput.starlinkInstall,
    laborHours: quote.laborHours,
    customLaborHours: quoteInput.customLaborHours,
    additionalServices: quoteInput.additionalServices,
    selectedServices: DEFAULT_PRICING.customServices
      .filter((s) => quoteInput.additionalServices.includes(s.id))
      .map(({ id, name, price }) => ({ id, name, price })),
    specialRequirements: 'Gate code 4411; dogs on site.',
    description: quote.description,
    timeline: quote.timeline,
    recommendations: quote.recommendations,
    breakdown: quote.breakdown,
    multiplier: quote.multiplier,
    calculatedTotalCents: quote.totalCents,
    totalCents: quote.totalCents,
    totalCost: quote.totalCents / 100,
    adjusted: false,
    kind: quote.kind,
    pricing: null,
    pricingSavedAt: null,
    status: 'sent',
    // 00:30 UTC on March 1st is still February 28th in Alaska.
    sentAt: '2026-01-30T00:30:00.000Z',
    validUntil: '2026-03-01T00:30:00.000Z',
    acceptedAt: null,
    signerName: null,
    declinedAt: null,
    declineReason: null,
    createdAt: '2026-01-29T21:00:00.000Z',
    updatedAt: '2026-01-30T00:30:00.000Z',
    version: 1,
    ...overrides,
  });
}

const work = mkdtempSync(join(tmpdir(), 'quote-pdf-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const fileOf = (pdf: Uint8Array) => {
  const file = join(work, `${createHash('sha256').update(pdf).digest('hex')}.pdf`);
  writeFileSync(file, pdf);
  return file;
};
/** The whole text as pdftotext reads it, whitespace runs made single spaces. */
const textOf = (pdf: Uint8Array) =>
  execFileSync('pdftotext', [fileOf(pdf), '-'])
    .toString()
    .replace(/\s+/g, ' ');

/** The text as laid out on the page, one line each, runs of two or more spaces (a column gap) as " | ". */
const layoutOf = (pdf: Uint8Array) =>
  execFileSync('pdftotext', ['-layout', fileOf(pdf), '-'])
    .toString()
    .split('\n')
    .map((line) => line.trim().replace(/ {2,}/g, ' | '));

/** Every word pdftotext finds, with its page and box (points from the top left). */
function wordsOf(pdf: Uint8Array) {
  const html = execFileSync('pdftotext', ['-bbox', fileOf(pdf), '-']).toString();
  const words: { page: number; xMin: number; yMin: number; xMax: number; yMax: number; text: string }[] = [];
  let page = 0;
  for (const m of html.matchAll(
    /<page [^>]*>|<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
  )) {
    if (m[0].startsWith('<page')) page++;
    else words.push({ page, xMin: +m[1]!, yMin: +m[2]!, xMax: +m[3]!, yMax: +m[4]!, text: m[5]! });
  }
  return words;
}

describe('quote text', () => {
  it('writes cents as dollars with two decimals, without floating point', () => {
    expect([0, 5, 99, 100, 123456, 100_000_000_07, -5000].map(amount)).toEqual([
      '0.00',
      '0.05',
      '0.99',
      '1.00',
      '1,234.56',
      '100,000,000.07',
      '-50.00',
    ]);
    expect(dollars(123456)).toBe('$1,234.56');
    expect(dollars(-5000)).toBe('-$50.00');
    expect([123456, 7, -5000].map(plainAmount)).toEqual(['1234.56', '0.07', '-50.00']);
  });

  it('lists the parts the quote includes, adding up to its total, and a hand-set total with its difference', () => {
    const estimate = sampleEstimate();
    const lines = breakdownLines(estimate);
    expect(lines.map((l) => l.item)).toEqual([
      'Cameras',
      'Wiring',
      'Starlink',
      'Labor',
      'System Training',
      'Extended Warranty',
    ]);
    expect(lines[0]!.detail).toBe('6 wired cameras');
    expect(lines[3]!.detail).toBe(`${estimate.laborHours} hours`);
    expect(lines.reduce((sum, l) => sum + l.cents, 0)).toBe(estimate.totalCents);
    expect(totalLines(estimate)).toEqual([{ item: 'Total', detail: '', cents: estimate.totalCents }]);

    const adjusted = sampleEstimate({ totalCents: 250_000, totalCost: 2500, adjusted: true });
    expect(totalLines(adjusted).map((l) => [l.item, l.cents])).toEqual([
      ['Calculated total', adjusted.calculatedTotalCents],
      ['Adjustment', 250_000 - adjusted.calculatedTotalCents],
      ['Total', 250_000],
    ]);
    const starlinkOnly = sampleEstimate({}, { cameraType: 'none', cameraCount: 0, additionalServices: [] });
    expect(breakdownLines(starlinkOnly).map((l) => l.item)).toEqual(['Starlink', 'Labor']);
  });
});

describe('quote PDF', () => {
  it.skipIf(!POPPLER)(
    'shows the company, the quote number, Alaska dates, client, job, every breakdown line and the total',
    async () => {
      const estimate = sampleEstimate();
      const pdf = await quotePdf(estimate, COMPANY, null);
      expect((await PDFDocument.load(pdf)).getPageCount()).toBe(1);
      const text = textOf(pdf);
      expect(text).toContain(COMPANY.name);
      expect(text).toContain(COMPANY.phone);
      expect(text).toContain('Quote NGS123456');
      expect(text).toContain('Date: January 29, 2026');
      expect(text).toContain('Valid until: February 28, 2026');
      expect(text).toContain('Status: Sent to client');
      expect(text).toContain('Mara Jensen');
      expect(text).toContain('Shop cameras and Starlink');
      expect(text).toContain('Property: Small Commercial');
      expect(text).toContain('Location: Homer, remote cabin');
      // As laid out: each breakdown row on one line, item, details and amount side by side.
      const rows = layoutOf(pdf);
      for (const line of breakdownLines(estimate))
        expect(rows).toContain(`${line.item} | ${line.detail} | ${dollars(line.cents)}`);
      expect(rows).toContain(`Total | ${dollars(estimate.totalCents)}`);
      expect(text).toContain(`Timeline ${estimate.timeline}`);
      expect(text).toContain('Gate code 4411');
      expect(text).toContain('valid until February 28, 2026 (30 days)');
      expect(text).not.toContain('Accepted by');

      // Page 1 renders to a picture with ink on it.
      const png = join(work, 'page1');
      execFileSync('pdftoppm', ['-f', '1', '-l', '1', '-r', '40', '-png', '-singlefile', fileOf(pdf), png]);
      const { data, info } = await sharp(`${png}.png`)
        .greyscale()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const dark = data.filter((v) => v < 128).length;
      expect(dark / (info.width * info.height)).toBeGreaterThan(0.003); // a blank page has none
    },
  );

  it('the same estimate always gives the same bytes', async () => {
    const estimate = sampleEstimate();
    const a = await quotePdf(estimate, COMPANY, null);
    await new Promise((r) => setTimeout(r, 1100)); // a clock second later
    const b = await quotePdf(structuredClone(estimate), { ...COMPANY }, null);
    expect(Buffer.from(b).equals(Buffer.from(a))).toBe(true);
    const changed = await quotePdf(sampleEstimate({ updatedAt: '2026-01-31T00:00:00.000Z' }), COMPANY, null);
    expect(Buffer.from(changed).equals(Buffer.from(a))).toBe(false);
  });

  it.skipIf(!POPPLER)('carries the company logo; a logo that is not a picture is left out', async () => {
    const logo = await sharp({ create: { width: 300, height: 120, channels: 3, background: '#1d3c8c' } })
      .jpeg({ quality: 80 })
      .toBuffer();
    const pdf = await quotePdf(sampleEstimate(), COMPANY, logo);
    const images = execFileSync('pdfimages', ['-list', fileOf(pdf)])
      .toString()
      .trim()
      .split('\n')
      .slice(2);
    expect(images).toHaveLength(1);
    expect(images[0]).toMatch(/^\s*1\s+0\s+image\s+300\s+120\s/);
    const broken = await quotePdf(
      sampleEstimate(),
      COMPANY,
      new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3, 4, 5]),
    );
    expect(textOf(broken)).toContain('Quote NGS123456');
  });

  it.skipIf(!POPPLER)(
    'an accepted quote names the signer, the time in Alaska and UTC, and the SHA-256',
    async () => {
      const sha = 'ab'.repeat(32);
      const estimate = sampleEstimate({
        status: 'accepted',
        acceptedAt: '2026-02-03T19:15:00.000Z',
        signerName: 'Mara Jensen',
      });
      const text = textOf(await quotePdf(estimate, COMPANY, null, { quoteSha256: sha }));
      expect(text).toContain('Status: Accepted');
      expect(text).toContain(
        'Accepted by Mara Jensen on Feb 3, 2026, 10:15:00 AM AKST (America/Anchorage) / 2026-02-03 19:15:00 UTC',
      );
      expect(text).toContain(`Quote SHA-256: ${sha}`);
    },
  );

  it.skipIf(!POPPLER)(
    'a long description and 20 recommendations run onto more pages with every word inside the margins',
    async () => {
      const description = 'Cameras cover the driveway, both doors, the shop and the dock. '.repeat(80).trim();
      const recommendations = Array.from(
        { length: 20 },
        (_, i) => `Recommendation ${i + 1}: ${'keep the lenses clear of frost and snow '.repeat(4).trim()}.`,
      );
      const estimate = sampleEstimate({
        description,
        recommendations,
        clientName: 'Łukasz Nowak 🎥', // outside the standard fonts' WinAnsi: shown with "?" rather than failing
        specialRequirements: `${'x'.repeat(300)} unbroken`,
      });
      const pdf = await quotePdf(estimate, COMPANY, null);
      const pages = (await PDFDocument.load(pdf)).getPageCount();
      expect(pages).toBeGreaterThan(1);
      const words = wordsOf(pdf);
      expect(new Set(words.map((w) => w.page)).size).toBe(pages);
      const slack = 4; // a glyph's ascent and descent around its baseline
      // Poppler measures the standard Helvetica (not embedded) with a stand-in font about 1% wider.
      const wider = 0.02 * WIDTH;
      for (const w of words) {
        expect(w.xMin, w.text).toBeGreaterThanOrEqual(MARGIN - 0.5);
        expect(w.xMax, w.text).toBeLessThanOrEqual(PAGE[0] - MARGIN + wider);
        expect(w.yMin, w.text).toBeGreaterThanOrEqual(MARGIN - slack);
        expect(w.yMax, w.text).toBeLessThanOrEqual(PAGE[1] - MARGIN + slack);
      }
      const text = textOf(pdf);
      for (let i = 1; i <= 20; i++) expect(text).toContain(`Recommendation ${i}:`);
      expect(text).toContain('Nowak');
      expect(text).toContain(`Total ${dollars(estimate.totalCents)}`);
      expect(text).toContain('Work beyond what this quote describes');
    },
  );
});

describe('quote CSV', () => {
  const read = (csv: string) =>
    parse(csv, { bom: true, columns: true, skip_empty_lines: true }) as Record<
      (typeof QUOTE_CSV_COLUMNS)[number],
      string
    >[];

  it('parsed back, its breakdown and total are the estimate’s, in dollars with two decimals', () => {
    const estimate = sampleEstimate();
    const csv = quoteCsv(estimate);
    expect(csv.startsWith('\uFEFFSection,Item,Details,Amount (USD)\r\n')).toBe(true);
    const rows = read(csv);
    const breakdown = rows.filter((r) => r.Section === 'Breakdown');
    expect(breakdown).toEqual(
      breakdownLines(estimate).map((l) => ({
        Section: 'Breakdown',
        Item: l.item,
        Details: l.detail,
        'Amount (USD)': plainAmount(l.cents),
      })),
    );
    const cents = (r: { 'Amount (USD)': string }) => Math.round(Number(r['Amount (USD)']) * 100);
    expect(breakdown.map(cents)).toEqual([
      estimate.breakdown.cameras,
      estimate.breakdown.wiring,
      estimate.breakdown.starlink,
      estimate.breakdown.labor,
      15_000,
      20_000,
    ]);
    expect(rows.filter((r) => r.Section === 'Total')).toEqual([
      { Section: 'Total', Item: 'Total', Details: '', 'Amount (USD)': plainAmount(estimate.totalCents) },
    ]);
    const field = (item: string) => rows.find((r) => r.Section === 'Quote' && r.Item === item)?.Details;
    expect(field('Quote number')).toBe('NGS123456');
    expect(field('Client')).toBe('Mara Jensen');
    expect(field('Valid until')).toBe('2026-02-28');
    expect(field('Status')).toBe('Sent to client');
    expect(field('Special requirements')).toBe('Gate code 4411; dogs on site.');
  });

  it('keeps commas, quotes and line breaks inside a cell, and formulas as text', () => {
    const estimate = sampleEstimate({
      title: 'Shop, "north" side\nand yard',
      clientName: '=HYPERLINK("http://example.com")',
    });
    const rows = read(quoteCsv(estimate));
    const field = (item: string) => rows.find((r) => r.Item === item)?.Details;
    expect(field('Title')).toBe('Shop, "north" side\nand yard');
    expect(field('Client')).toBe(`'=HYPERLINK("http://example.com")`);
    expect(['-1', '+1', '@x', 'ok'].map(textCell)).toEqual(["'-1", "'+1", "'@x", 'ok']);
  });
});
