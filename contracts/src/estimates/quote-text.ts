import type { TEstimate } from '../api/estimates.ts';
import { utcToLocal } from '../calendar/time-zone.ts';
import { toCents } from './pricing.ts';

/**
 * What a quote says, shared by its PDF, its CSV and the portal's quote reader: the lines of the breakdown,
 * money, days and terms as the client reads them. Pure; the amounts are the estimate's own (the server
 * priced it), never recomputed here.
 */

/** Cents as dollars with two decimals: 123456 → "1,234.56", -5000 → "-50.00". */
export function amount(cents: number): string {
  const whole = Math.floor(Math.abs(cents) / 100).toLocaleString('en-US');
  return `${cents < 0 ? '-' : ''}${whole}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
}

/** Cents as the client reads them: "$1,234.56", "-$50.00". */
export const dollars = (cents: number) => (cents < 0 ? `-$${amount(-cents)}` : `$${amount(cents)}`);

/** The day of an instant in Alaska, `YYYY-MM-DD`. */
export const alaskaDay = (iso: string) => utcToLocal(iso).date;

const longDay = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', dateStyle: 'long' });
/** The day of an instant in Alaska, spelled out: "February 14, 2026". */
export const alaskaLongDay = (iso: string) => longDay.format(new Date(`${alaskaDay(iso)}T12:00:00Z`));

/** The quote's date: when it was sent to the client, or made while it is a draft (validUntil counts from it). */
export const quoteDate = (estimate: Pick<TEstimate, 'sentAt' | 'createdAt'>) =>
  estimate.sentAt ?? estimate.createdAt;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export interface BreakdownLine {
  item: string;
  detail: string;
  cents: number;
}

/**
 * The breakdown as lines, in the calculator's order: cameras, wiring, Starlink, labor with its hours, then each
 * selected service. A part is listed when the quote includes it or it costs something. The lines add up to
 * `breakdown`'s parts: should the services' listed prices not make up `breakdown.additional`, the rest is a
 * line of its own rather than a table that does not add up.
 */
export function breakdownLines(estimate: TEstimate): BreakdownLine[] {
  const { breakdown } = estimate;
  const cameras = estimate.cameraType === 'none' ? 0 : estimate.cameraCount;
  const lines: BreakdownLine[] = [];
  if (cameras > 0 || breakdown.cameras !== 0)
    lines.push({
      item: 'Cameras',
      detail: plural(cameras, `${estimate.cameraType} camera`, `${estimate.cameraType} cameras`),
      cents: breakdown.cameras,
    });
  if ((estimate.cameraType === 'wired' && estimate.wireLength > 0) || breakdown.wiring !== 0)
    lines.push({ item: 'Wiring', detail: `${estimate.wireLength} ft of cable`, cents: breakdown.wiring });
  if (estimate.starlinkInstall || breakdown.starlink !== 0)
    lines.push({ item: 'Starlink', detail: 'Satellite internet installation', cents: breakdown.starlink });
  if (estimate.laborHours > 0 || breakdown.labor !== 0)
    lines.push({
      item: 'Labor',
      detail: plural(estimate.laborHours, 'hour', 'hours'),
      cents: breakdown.labor,
    });
  let services = 0;
  for (const service of estimate.selectedServices) {
    const cents = toCents(service.price);
    services += cents;
    lines.push({ item: service.name, detail: 'Additional service', cents });
  }
  if (services !== breakdown.additional)
    lines.push({ item: 'Other services', detail: '', cents: breakdown.additional - services });
  return lines;
}

/** The lines under the breakdown: a hand-set total shows the calculated one and the difference first. */
export function totalLines(estimate: TEstimate): BreakdownLine[] {
  const total = { item: 'Total', detail: '', cents: estimate.totalCents };
  if (estimate.totalCents === estimate.calculatedTotalCents) return [total];
  return [
    { item: 'Calculated total', detail: '', cents: estimate.calculatedTotalCents },
    { item: 'Adjustment', detail: '', cents: estimate.totalCents - estimate.calculatedTotalCents },
    total,
  ];
}

/** The terms printed on every quote: short, about payment and how long the prices hold. */
export const quoteTerms = (estimate: Pick<TEstimate, 'validUntil'>) => [
  `Prices are in US dollars. This quote is valid until ${alaskaLongDay(estimate.validUntil)} (30 days); after that the prices may change.`,
  'Payment: we send an invoice for the accepted work; it is due within 30 days of its date and can be paid online by card.',
  'Work beyond what this quote describes is quoted separately before it is done.',
];
