import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StoredEvent } from '@app/contracts/events/envelope';
import type { TInvoiceEvent } from '@app/contracts/events/invoices';
import { invoiceNow } from '@app/contracts/invoices/invoice-now';
import { dueText, invoiceStatusLabel, invoiceTotals } from '@app/contracts/invoices/invoice-text';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { type InvoiceCompany, type InvoicePdfInput, invoicePdf } from './invoice-pdf.ts';

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

const COMPANY: InvoiceCompany = {
  name: 'Northern Guard Security & Satellite',
  email: 'office@example.com',
  phone: '(907) 555-0100',
  address: '100 Main St, Anchorage, AK',
};
const URL_OF_PAGE = 'https://ng.example.com/invoice/12';

function sampleInvoice(overrides: Partial<InvoicePdfInput> = {}): InvoicePdfInput {
  return {
    id: 12,
    invoiceNumber: 'INV-202602-003',
    createdAt: '2026-02-03T01:30:00.000Z', // still February 2nd in Alaska
    invoiceDate: '2026-02-02',
    dueDate: '2026-03-04',
    status: 'pending',
    overdue: false,
    amountCents: 314_650,
    paidCents: 94_400,
    balanceCents: 220_250,
    description: 'Deposit for six wired cameras and Starlink',
    kind: 'deposit',
    payments: [
      {
        paymentId: 'p-1',
        amountCents: 94_400,
        method: 'check',
        customMethod: null,
        transactionId: 'Check 1042',
        source: 'offline',
        paidAt: '2026-02-10T03:00:00.000Z', // February 9th in Alaska
      },
    ],
    client: {
      name: 'Mara Jensen',
      email: 'mara@example.com',
      phone: '907-555-0199',
      address: '12 Spit Rd, Homer, AK',
    },
    project: { id: 5, title: 'Homer shop cameras', type: 'security', description: 'Cameras' },
    ...overrides,
  };
}

const work = mkdtempSync(join(tmpdir(), 'invoice-pdf-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const fileOf = (pdf: Uint8Array) => {
  const file = join(work, `${createHash('sha256').update(pdf).digest('hex')}.pdf`);
  writeFileSync(file, pdf);
  return file;
};
const textOf = (pdf: Uint8Array) =>
  execFileSync('pdftotext', [fileOf(pdf), '-'])
    .toString()
    .replace(/\s+/g, ' ');
const layoutOf = (pdf: Uint8Array) =>
  execFileSync('pdftotext', ['-layout', fileOf(pdf), '-'])
    .toString()
    .split('\n')
    .map((line) => line.trim().replace(/ {2,}/g, ' | '));

describe('invoice text', () => {
  it('says Paid, Overdue or Due, and how far the due date is in days', () => {
    expect(invoiceStatusLabel({ status: 'paid', overdue: false })).toBe('Paid');
    expect(invoiceStatusLabel({ status: 'pending', overdue: true })).toBe('Overdue');
    expect(invoiceStatusLabel({ status: 'pending', overdue: false })).toBe('Due');
    expect(invoiceStatusLabel({ status: 'failed', overdue: false })).toBe('Due');
    expect(dueText('2026-03-04', '2026-03-01')).toBe('due in 3 days');
    expect(dueText('2026-03-04', '2026-03-03')).toBe('due in 1 day');
    expect(dueText('2026-03-04', '2026-03-04')).toBe('due today');
    expect(dueText('2026-03-04', '2026-03-05')).toBe('overdue by 1 day');
    // Across the end of February and the spring clock change.
    expect(dueText('2026-02-27', '2026-03-13')).toBe('overdue by 14 days');
  });

  it('totals: subtotal, no tax, total, paid and balance from the ledger', () => {
    expect(invoiceTotals(sampleInvoice())).toEqual([
      { item: 'Subtotal', cents: 314_650 },
      { item: 'Tax', cents: 0 },
      { item: 'Total', cents: 314_650 },
      { item: 'Paid so far', cents: 94_400 },
      { item: 'Balance due', cents: 220_250 },
    ]);
  });
});

describe('invoice stream fold', () => {
  let n = 0;
  const stored = (e: TInvoiceEvent): StoredEvent =>
    ({ id: `e${++n}`, streamName: 'invoice-12', revision: BigInt(n), type: e.type, data: e.data }) as never;
  const issued = stored({
    type: 'InvoiceIssued',
    data: {
      invoiceId: 12,
      invoiceNumber: 'INV-202602-003',
      projectId: 5,
      clientId: 7,
      description: 'Cameras',
      amountCents: 100_00,
      currency: 'usd',
      invoiceDate: '2026-02-02',
      dueDate: '2026-03-04',
      kind: 'full',
      estimateId: null,
      billingPlanId: null,
      paymentMethod: null,
      customMethod: null,
      issuedBy: 1,
      issuedAt: '2026-02-02T20:00:00.000Z',
    },
  });
  const payment = (paymentId: string, amountCents: number) =>
    stored({
      type: 'InvoicePaymentRecorded',
      data: {
        invoiceId: 12,
        paymentId,
        amountCents,
        method: 'cash',
        customMethod: null,
        transactionId: null,
        source: 'offline',
        paidAt: '2026-02-05T20:00:00.000Z',
        recordedBy: 1,
        recordedAt: '2026-02-05T20:00:00.000Z',
      },
    });

  it('keeps the ledger, the event that set the due date and the one that paid it in full', () => {
    const moved = stored({
      type: 'InvoiceDueDateChanged',
      data: { invoiceId: 12, dueDate: '2026-03-10', changedBy: 1, changedAt: '2026-02-03T00:00:00.000Z' },
    });
    const same = stored({
      type: 'InvoiceDueDateChanged',
      data: { invoiceId: 12, dueDate: '2026-03-10', changedBy: 1, changedAt: '2026-02-04T00:00:00.000Z' },
    });
    const part = payment('a', 40_00);
    const again = payment('a', 40_00);
    const rest = payment('b', 60_00);
    const completed = stored({
      type: 'InvoiceStatusChanged',
      data: {
        invoiceId: 12,
        status: 'completed',
        paidAt: '2026-02-05T20:00:00.000Z',
        changedBy: 1,
        changedAt: '2026-02-05T20:00:00.000Z',
        reason: null,
      },
    });
    const before = invoiceNow([issued, moved, same, part, again])!;
    expect(before).toMatchObject({ dueDate: '2026-03-10', dueDateSetBy: moved.id, paidCents: 40_00 });
    expect(before).toMatchObject({ balanceCents: 60_00, status: 'pending', paidBy: null });
    const after = invoiceNow([issued, moved, same, part, again, rest, completed])!;
    expect(after).toMatchObject({ status: 'completed', paidCents: 100_00, balanceCents: 0, paidBy: rest.id });
    expect(after.payments.map((p) => p.paymentId)).toEqual(['a', 'b']);
    expect(invoiceNow([])).toBeNull();
  });
});

describe('invoice PDF', () => {
  it.skipIf(!POPPLER)(
    'shows From, Bill To, number, Alaska dates, status, the service, totals, the ledger and the page to pay',
    async () => {
      const invoice = sampleInvoice();
      const pdf = await invoicePdf(invoice, COMPANY, null, URL_OF_PAGE);
      expect((await PDFDocument.load(pdf)).getPageCount()).toBe(1);
      const text = textOf(pdf);
      for (const part of [
        'Invoice INV-202602-003',
        'Invoice number: INV-202602-003',
        'Invoice date: February 2, 2026',
        'Due date: March 4, 2026',
        'Status: Due',
        `From ${COMPANY.name} ${COMPANY.address} ${COMPANY.phone} ${COMPANY.email}`,
        'Bill To Mara Jensen mara@example.com 907-555-0199 12 Spit Rd, Homer, AK',
        'Deposit for six wired cameras and Starlink',
        '(Deposit)',
        `Pay online Read this invoice and pay it online by card: ${URL_OF_PAGE}`,
      ])
        expect(text).toContain(part);
      const rows = layoutOf(pdf);
      expect(rows.some((r) => r.startsWith('Homer shop cameras | security | Deposit for six wired'))).toBe(
        true,
      );
      expect(rows.some((r) => r.endsWith('$3,146.50'))).toBe(true);
      expect(rows).toContain('Subtotal | $3,146.50');
      expect(rows).toContain('Tax | $0.00');
      expect(rows).toContain('Total | $3,146.50');
      expect(rows).toContain('Paid so far | $944.00');
      expect(rows).toContain('Balance due | $2,202.50');
      expect(rows).toContain('February 9, 2026 | Check | Check 1042 | $944.00');

      const png = join(work, 'page1');
      execFileSync('pdftoppm', ['-f', '1', '-l', '1', '-r', '40', '-png', '-singlefile', fileOf(pdf), png]);
      const { data, info } = await sharp(`${png}.png`)
        .greyscale()
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect(data.filter((v) => v < 128).length / (info.width * info.height)).toBeGreaterThan(0.003);
    },
  );

  it.skipIf(!POPPLER)('paid says Paid and no longer asks for payment; overdue says Overdue', async () => {
    const paidPdf = await invoicePdf(
      sampleInvoice({ status: 'paid', paidCents: 314_650, balanceCents: 0, payments: [] }),
      COMPANY,
      null,
      URL_OF_PAGE,
    );
    const paid = textOf(paidPdf);
    expect(paid).toContain('Status: Paid');
    expect(layoutOf(paidPdf)).toContain('Balance due | $0.00');
    expect(paid).not.toContain('Pay online');
    expect(paid).toContain('No payments received yet.');
    const overdue = textOf(await invoicePdf(sampleInvoice({ overdue: true }), COMPANY, null, URL_OF_PAGE));
    expect(overdue).toContain('Status: Overdue');
  });

  it('the same invoice always gives the same bytes', async () => {
    const a = await invoicePdf(sampleInvoice(), COMPANY, null, URL_OF_PAGE);
    await new Promise((r) => setTimeout(r, 1100)); // a clock second later
    const b = await invoicePdf(structuredClone(sampleInvoice()), { ...COMPANY }, null, URL_OF_PAGE);
    expect(Buffer.from(b).equals(Buffer.from(a))).toBe(true);
    const changed = await invoicePdf(sampleInvoice({ dueDate: '2026-03-05' }), COMPANY, null, URL_OF_PAGE);
    expect(Buffer.from(changed).equals(Buffer.from(a))).toBe(false);
  });

  it.skipIf(!POPPLER)('carries the company logo', async () => {
    const logo = await sharp({ create: { width: 300, height: 120, channels: 3, background: '#1d3c8c' } })
      .png()
      .toBuffer();
    const pdf = await invoicePdf(sampleInvoice(), COMPANY, logo, URL_OF_PAGE);
    const images = execFileSync('pdfimages', ['-list', fileOf(pdf)])
      .toString()
      .trim()
      .split('\n')
      .slice(2);
    expect(images).toHaveLength(1);
    expect(images[0]).toMatch(/^\s*1\s+0\s+image\s+300\s+120\s/);
  });
});
