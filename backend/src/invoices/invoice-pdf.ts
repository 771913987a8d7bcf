import type { TInvoice } from '@app/contracts/api/invoices';
import type { TSettings } from '@app/contracts/api/settings';
import { dollars } from '@app/contracts/estimates/quote-text';
import {
  INVOICE_KIND_LABELS,
  invoiceStatusLabel,
  invoiceTotals,
  longDate,
  paymentColumns,
} from '@app/contracts/invoices/invoice-text';
import { PDFDocument, type PDFImage } from 'pdf-lib';
import { type Cell, pageWriter, standardFonts, WIDTH } from '../platform/pdf.ts';

/** What the PDF prints of an invoice: the invoice page's answer (GET /api/invoices/{id}) has all of it. */
export type InvoicePdfInput = Pick<
  TInvoice,
  | 'id'
  | 'invoiceNumber'
  | 'createdAt'
  | 'invoiceDate'
  | 'dueDate'
  | 'status'
  | 'overdue'
  | 'amountCents'
  | 'paidCents'
  | 'balanceCents'
  | 'description'
  | 'kind'
  | 'payments'
  | 'client'
  | 'project'
>;

/** The company as the invoice names it (the settings' company section; the logo comes as bytes). */
export type InvoiceCompany = Omit<TSettings['company'], 'logo'>;

const LOGO_BOX = { width: 160, height: 64 };
// Service, type, description, amount.
const SERVICE_COLUMNS = [140, 90, WIDTH - 140 - 90 - 90, 90] as const;
// Date, method, reference, amount.
const PAYMENT_COLUMNS = [130, 110, WIDTH - 130 - 110 - 90, 90] as const;
const TOTAL_COLUMNS = [WIDTH - 90, 90] as const;

/** A PNG or JPEG logo embedded, or null for bytes that are neither (the invoice is still made, without it). */
async function embedLogo(doc: PDFDocument, bytes: Uint8Array | null): Promise<PDFImage | null> {
  if (!bytes || bytes.length < 8) return null;
  const isPng = bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47;
  const isJpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  if (isPng) return doc.embedPng(bytes).catch(() => null);
  if (isJpeg) return doc.embedJpg(bytes).catch(() => null);
  return null;
}

const header = (texts: readonly string[], widths: readonly number[]): Cell[] =>
  texts.map((text, i) => ({
    text,
    width: widths[i]!,
    bold: true,
    align: i === texts.length - 1 ? 'right' : 'left',
  }));

/**
 * The invoice as a PDF for the client: the company (logo and details), who it is billed to, its number, dates
 * (Alaska days) and status, the service with its amount, the totals with what was paid and what is left, the
 * payments received, and the invoice page's address to pay online. No I/O; its dates are the invoice's own, so
 * the same invoice always gives the same bytes.
 */
export async function invoicePdf(
  invoice: InvoicePdfInput,
  company: InvoiceCompany,
  logo: Uint8Array | null,
  invoiceUrl: string,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(`Invoice ${invoice.invoiceNumber}`);
  doc.setAuthor(company.name);
  doc.setCreator('Invoices');
  doc.setProducer('pdf-lib');
  doc.setCreationDate(new Date(invoice.createdAt));
  const lastPayment = invoice.payments
    .map((p) => p.paidAt)
    .sort()
    .at(-1);
  doc.setModificationDate(new Date(lastPayment ?? invoice.createdAt));
  const [regular, bold] = await standardFonts(doc);
  const w = pageWriter(doc, regular, bold);

  const picture = await embedLogo(doc, logo);
  if (picture) w.image(picture, LOGO_BOX.width, LOGO_BOX.height, { underline: false });
  w.paragraph(`# Invoice ${invoice.invoiceNumber}`);
  w.paragraph(`Invoice number: ${invoice.invoiceNumber}`);
  w.paragraph(`Invoice date: ${longDate(invoice.invoiceDate)}`);
  w.paragraph(`Due date: ${longDate(invoice.dueDate)}`);
  w.paragraph(`Status: ${invoiceStatusLabel(invoice)}`);
  w.rule();

  w.paragraph('## From');
  w.paragraph(company.name);
  for (const detail of [company.address, company.phone, company.email].filter((d) => d.trim()))
    w.paragraph(detail, { small: true });
  w.paragraph('## Bill To');
  w.paragraph(invoice.client.name);
  for (const detail of [invoice.client.email, invoice.client.phone, invoice.client.address])
    if (detail?.trim()) w.paragraph(detail, { small: true });

  w.paragraph('## Service details');
  w.row(header(['Service', 'Type', 'Description', 'Amount'], SERVICE_COLUMNS));
  w.rule();
  w.row([
    { text: invoice.project.title, width: SERVICE_COLUMNS[0] },
    { text: invoice.project.type, width: SERVICE_COLUMNS[1] },
    { text: `${invoice.description}\n(${INVOICE_KIND_LABELS[invoice.kind]})`, width: SERVICE_COLUMNS[2] },
    { text: dollars(invoice.amountCents), width: SERVICE_COLUMNS[3], align: 'right' },
  ]);
  w.rule();
  for (const line of invoiceTotals(invoice)) {
    const strong = line.item === 'Total' || line.item === 'Balance due';
    w.row([
      { text: line.item, width: TOTAL_COLUMNS[0], align: 'right', bold: strong },
      { text: dollars(line.cents), width: TOTAL_COLUMNS[1], align: 'right', bold: strong },
    ]);
  }

  w.paragraph('## Payments received');
  if (invoice.payments.length === 0) w.paragraph('No payments received yet.');
  else {
    w.row(header(['Date', 'Method', 'Reference', 'Amount'], PAYMENT_COLUMNS));
    w.rule();
    for (const entry of invoice.payments) {
      const p = paymentColumns(entry);
      w.row([
        { text: p.date, width: PAYMENT_COLUMNS[0] },
        { text: p.method, width: PAYMENT_COLUMNS[1] },
        { text: p.reference, width: PAYMENT_COLUMNS[2] },
        { text: p.amount, width: PAYMENT_COLUMNS[3], align: 'right' },
      ]);
    }
  }

  if (invoice.balanceCents > 0 && invoice.status !== 'paid') {
    w.paragraph('## Pay online');
    w.paragraph(`Read this invoice and pay it online by card: ${invoiceUrl}`);
  } else {
    w.paragraph('## Invoice page');
    w.paragraph(invoiceUrl);
  }
  w.paragraph('Prices are in US dollars. Thank you for your business.', { small: true });
  return doc.save();
}
