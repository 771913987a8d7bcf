import { ESTIMATE_STATUS_LABELS, type TEstimate } from '@app/contracts/api/estimates';
import { QUOTE_KIND_LABELS } from '@app/contracts/estimates/calculate';
import { propertyTypeLabel } from '@app/contracts/estimates/pricing';
import { alaskaDay, breakdownLines, quoteDate, totalLines } from '@app/contracts/estimates/quote-text';
import { stringify } from 'csv-stringify/sync';

/**
 * The estimate as a CSV for a spreadsheet: one table of four columns. The quote's key fields come first
 * (section "Quote", the value under Details), then the breakdown's lines and the total (sections "Breakdown"
 * and "Total", dollars under Amount as plain numbers with two decimals, no currency sign or thousands
 * separator, so a spreadsheet reads them as numbers). Days are in Alaska, `YYYY-MM-DD`.
 */

export const QUOTE_CSV_COLUMNS = ['Section', 'Item', 'Details', 'Amount (USD)'] as const;

/** Cents as a plain decimal: 123456 → "1234.56", -5000 → "-50.00". */
export const plainAmount = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

/**
 * A spreadsheet runs a cell starting with = + - @ (or a tab or carriage return before one) as a formula; names and
 * titles typed by people are kept as text by a leading apostrophe, as OWASP advises for CSV exports.
 */
export const textCell = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

type Row = [section: string, item: string, details: string, amount: string];

function fieldRows(estimate: TEstimate): Row[] {
  const fields: [string, string][] = [
    ['Quote number', estimate.quoteNumber],
    ['Title', estimate.title],
    ['Job name', estimate.jobName],
    ['Client', estimate.clientName ?? ''],
    ['Project', estimate.projectTitle ?? ''],
    ['Status', ESTIMATE_STATUS_LABELS[estimate.status]],
    ['Type', QUOTE_KIND_LABELS[estimate.kind]],
    ['Date', alaskaDay(quoteDate(estimate))],
    ['Valid until', alaskaDay(estimate.validUntil)],
    ['Property type', propertyTypeLabel(estimate.propertyType)],
    ['Property multiplier', String(estimate.multiplier)],
    ['Location', estimate.location],
    ['Timeline', estimate.timeline],
    ['Description', estimate.description],
    ['Special requirements', estimate.specialRequirements],
  ];
  if (estimate.status === 'accepted')
    fields.push(
      ['Accepted by', estimate.signerName ?? ''],
      ['Accepted on', estimate.acceptedAt ? alaskaDay(estimate.acceptedAt) : ''],
    );
  return fields.map(([item, value]) => ['Quote', item, textCell(value), '']);
}

/** The CSV text (UTF-8 with a byte order mark, so spreadsheet programs read names with accents right). */
export function quoteCsv(estimate: TEstimate): string {
  const money = (section: string) => (line: { item: string; detail: string; cents: number }) =>
    [section, textCell(line.item), textCell(line.detail), plainAmount(line.cents)] as Row;
  const rows: Row[] = [
    ...fieldRows(estimate),
    ...breakdownLines(estimate).map(money('Breakdown')),
    ...totalLines(estimate).map(money('Total')),
  ];
  return stringify(rows, {
    bom: true,
    header: true,
    columns: [...QUOTE_CSV_COLUMNS],
    record_delimiter: 'windows',
  });
}
