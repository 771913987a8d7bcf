import { ESTIMATE_STATUS_LABELS, type TEstimate } from '@app/contracts/api/estimates';
import type { TSettings } from '@app/contracts/api/settings';
import { propertyTypeLabel } from '@app/contracts/estimates/pricing';
import {
  alaskaLongDay,
  type BreakdownLine,
  breakdownLines,
  dollars,
  quoteDate,
  quoteTerms,
  totalLines,
} from '@app/contracts/estimates/quote-text';
import { PDFDocument, type PDFImage } from 'pdf-lib';
import { bothZones, type Cell, pageWriter, standardFonts, WIDTH } from '../platform/pdf.ts';

/** The company as the quote names it (the settings' company section; the logo comes as bytes). */
export type QuoteCompany = Omit<TSettings['company'], 'logo'>;

export interface QuotePdfOptions {
  /** The SHA-256 of the quote the client accepted, printed with the acceptance (when it was accepted). */
  quoteSha256?: string | null;
}

const LOGO_BOX = { width: 160, height: 64 };
// Item, details, amount: together the text width.
const COLUMNS = [170, WIDTH - 170 - 120, 120] as const;

/** A PNG or JPEG logo embedded, or null for bytes that are neither (the quote is still made, without it). */
async function embedLogo(doc: PDFDocument, bytes: Uint8Array | null): Promise<PDFImage | null> {
  if (!bytes || bytes.length < 8) return null;
  const isPng = bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47;
  const isJpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  // A damaged logo file must not stop the company sending quotes: it is left out.
  if (isPng) return doc.embedPng(bytes).catch(() => null);
  if (isJpeg) return doc.embedJpg(bytes).catch(() => null);
  return null;
}

const cells = (line: BreakdownLine, bold = false): Cell[] => [
  { text: line.item, width: COLUMNS[0], bold },
  { text: line.detail, width: COLUMNS[1], bold },
  { text: dollars(line.cents), width: COLUMNS[2], align: 'right', bold },
];

/**
 * The quote as a PDF for the client: the company (logo and details), the quote's number, date and validity, who
 * and what it is for, the breakdown with its total, the timeline, description, recommendations, special
 * requirements and terms, and when it was accepted, who signed, when, and the hash of what they accepted.
 * No I/O; the PDF's dates are the estimate's own, so the same estimate always gives the same bytes.
 */
export async function quotePdf(
  estimate: TEstimate,
  company: QuoteCompany,
  logo: Uint8Array | null,
  options: QuotePdfOptions = {},
): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(`Quote ${estimate.quoteNumber}`);
  doc.setAuthor(company.name);
  doc.setCreator('Quotes');
  doc.setProducer('pdf-lib');
  doc.setCreationDate(new Date(estimate.createdAt));
  doc.setModificationDate(new Date(estimate.updatedAt));
  const [regular, bold] = await standardFonts(doc);
  const w = pageWriter(doc, regular, bold);

  const picture = await embedLogo(doc, logo);
  if (picture) w.image(picture, LOGO_BOX.width, LOGO_BOX.height, { underline: false });
  w.paragraph(`## ${company.name}`);
  for (const detail of [company.address, company.phone, company.email].filter((d) => d.trim()))
    w.paragraph(detail, { small: true });
  w.rule();

  w.paragraph(`# Quote ${estimate.quoteNumber}`);
  w.paragraph(`Date: ${alaskaLongDay(quoteDate(estimate))}`);
  w.paragraph(`Valid until: ${alaskaLongDay(estimate.validUntil)}`);
  if (estimate.status !== 'draft') w.paragraph(`Status: ${ESTIMATE_STATUS_LABELS[estimate.status]}`);

  w.paragraph('## Prepared for');
  w.paragraph(estimate.clientName ?? '(no client chosen yet)');
  w.paragraph('## Job');
  w.paragraph(estimate.title);
  if (estimate.jobName.trim() && estimate.jobName.trim() !== estimate.title.trim())
    w.paragraph(`Job name: ${estimate.jobName}`);
  w.paragraph(`Property: ${propertyTypeLabel(estimate.propertyType)}`);
  if (estimate.location.trim()) w.paragraph(`Location: ${estimate.location}`);

  w.paragraph('## Breakdown');
  w.row([
    { text: 'Item', width: COLUMNS[0], bold: true },
    { text: 'Details', width: COLUMNS[1], bold: true },
    { text: 'Amount', width: COLUMNS[2], align: 'right', bold: true },
  ]);
  w.rule();
  for (const line of breakdownLines(estimate)) w.row(cells(line));
  w.rule();
  for (const line of totalLines(estimate)) w.row(cells(line, line.item === 'Total'));
  if (estimate.multiplier !== 1)
    w.paragraph(
      `Installation amounts include the ${propertyTypeLabel(estimate.propertyType)} property rate (x${estimate.multiplier}).`,
      { small: true },
    );

  w.paragraph('## Timeline');
  w.paragraph(estimate.timeline);
  if (estimate.description.trim()) {
    w.paragraph('## Description');
    w.paragraph(estimate.description);
  }
  if (estimate.recommendations.length > 0) {
    w.paragraph('## Recommendations');
    for (const recommendation of estimate.recommendations) w.paragraph(`- ${recommendation}`);
  }
  if (estimate.specialRequirements.trim()) {
    w.paragraph('## Special requirements');
    w.paragraph(estimate.specialRequirements);
  }
  w.paragraph('## Terms');
  for (const term of quoteTerms(estimate)) w.paragraph(term, { small: true });

  if (estimate.status === 'accepted' && estimate.acceptedAt) {
    w.paragraph('## Accepted');
    w.paragraph(
      `Accepted by ${estimate.signerName ?? '(no name given)'} on ${bothZones(estimate.acceptedAt)}`,
    );
    if (options.quoteSha256) w.paragraph(`Quote SHA-256: ${options.quoteSha256}`);
  } else if (estimate.status === 'declined' && estimate.declinedAt) {
    w.paragraph('## Declined');
    w.paragraph(`Declined on ${bothZones(estimate.declinedAt)}`);
  }
  return doc.save();
}
