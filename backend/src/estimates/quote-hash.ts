import { createHash } from 'node:crypto';
import type { QuoteBreakdown } from '@app/contracts/estimates/calculate';
import { quoteTerms } from '@app/contracts/estimates/quote-text';

/** Sorted keys at every level, so the same content always gives the same bytes. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Exactly what the client reads on a quote (the estimate's API answer has these fields). */
export interface QuoteContent {
  quoteNumber: string;
  title: string;
  description: string;
  breakdown: QuoteBreakdown;
  calculatedTotalCents: number;
  totalCents: number;
  timeline: string;
  recommendations: readonly string[];
  selectedServices: readonly { id: string; name: string; price: number }[];
  specialRequirements: string;
  validUntil: string;
}

/**
 * SHA-256 (hex) of the quote as the client reads it, as canonical JSON in UTF-8: recorded when the quote is
 * sent, recomputed when it is accepted (they must agree), and printed on the quote. Takes an estimate's API
 * answer as it is (only these fields count).
 */
export function quoteSha256(quote: QuoteContent): string {
  const { breakdown: b } = quote;
  const content = {
    quoteNumber: quote.quoteNumber,
    title: quote.title,
    description: quote.description,
    breakdown: {
      cameras: b.cameras,
      wiring: b.wiring,
      starlink: b.starlink,
      labor: b.labor,
      additional: b.additional,
    },
    calculatedTotalCents: quote.calculatedTotalCents,
    totalCents: quote.totalCents,
    timeline: quote.timeline,
    recommendations: [...quote.recommendations],
    selectedServices: quote.selectedServices.map(({ id, name, price }) => ({ id, name, price })),
    specialRequirements: quote.specialRequirements,
    validUntil: new Date(quote.validUntil).toISOString(),
    // The terms the client agrees to, as the portal and the PDF print them.
    terms: quoteTerms({ validUntil: quote.validUntil }),
  };
  return createHash('sha256').update(canonicalJson(content), 'utf8').digest('hex');
}
