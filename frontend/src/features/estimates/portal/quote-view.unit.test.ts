import type { TEstimate } from '@app/contracts/api/estimates';
import { breakdownLines, dollars, quoteTerms, totalLines } from '@app/contracts/estimates/quote-text';
import { describe, expect, it } from 'vitest';
import {
  alaskaTime,
  clientQuotes,
  declineReasonProblem,
  pendingQuoteCount,
  quoteState,
  scopeLine,
  signerNameProblem,
} from './quote-view';

let nextId = 1;
const quote = (change: Partial<TEstimate> = {}): TEstimate => ({
  id: nextId++,
  quoteNumber: 'NGS123456',
  title: 'Cabin cameras',
  jobName: '',
  clientId: 3,
  clientName: 'Nell Sitka',
  projectId: null,
  projectTitle: null,
  propertyType: 'house',
  location: 'Homer',
  cameraType: 'wired',
  cameraCount: 6,
  wireLength: 150,
  starlinkInstall: false,
  laborHours: 10.5,
  customLaborHours: null,
  additionalServices: [],
  selectedServices: [],
  specialRequirements: '',
  description: 'Six wired cameras',
  timeline: '1-2 weeks',
  recommendations: [],
  breakdown: { cameras: 120_000, wiring: 37_500, starlink: 0, labor: 78_750, additional: 0 },
  multiplier: 1,
  calculatedTotalCents: 236_250,
  totalCents: 236_250,
  totalCost: 2362.5,
  adjusted: false,
  kind: 'cameras',
  pricing: null,
  pricingSavedAt: null,
  status: 'sent',
  sentAt: '2027-01-01T20:00:00.000Z',
  validUntil: '2027-01-31T20:00:00.000Z',
  acceptedAt: null,
  signerName: null,
  declinedAt: null,
  declineReason: null,
  createdAt: '2027-01-01T19:00:00.000Z',
  updatedAt: '2027-01-01T20:00:00.000Z',
  version: 1,
  ...change,
});

const JAN_10 = new Date('2027-01-10T00:00:00Z');

describe('quote state for the client', () => {
  it('a sent quote is open up to its validUntil, expired after it (as the server refuses answers)', () => {
    const q = quote();
    expect(quoteState(q, JAN_10)).toBe('open');
    expect(quoteState(q, new Date('2027-01-31T20:00:00.000Z'))).toBe('open');
    expect(quoteState(q, new Date('2027-01-31T20:00:00.001Z'))).toBe('expired');
  });

  it('an answered quote keeps its answer after the expiry', () => {
    const later = new Date('2027-03-01T00:00:00Z');
    expect(quoteState(quote({ status: 'accepted' }), later)).toBe('accepted');
    expect(quoteState(quote({ status: 'declined' }), later)).toBe('declined');
  });

  it('counts only sent quotes not expired; lists open ones first, soonest expiry on top, drafts never', () => {
    const soon = quote({ validUntil: '2027-01-12T00:00:00Z', title: 'soon' });
    const later = quote({ validUntil: '2027-01-20T00:00:00Z', title: 'later' });
    const expired = quote({
      validUntil: '2027-01-05T00:00:00Z',
      title: 'expired',
      sentAt: '2026-12-06T00:00:00Z',
    });
    const accepted = quote({ status: 'accepted', title: 'accepted', sentAt: '2026-12-20T00:00:00Z' });
    const draft = quote({ status: 'draft', title: 'draft', sentAt: null });
    const all = [expired, accepted, later, draft, soon];
    expect(pendingQuoteCount(all, JAN_10)).toBe(2);
    expect(clientQuotes(all, JAN_10).map((q) => q.title)).toEqual(['soon', 'later', 'accepted', 'expired']);
    expect(pendingQuoteCount([], JAN_10)).toBe(0);
  });
});

describe('what the client reads', () => {
  it('shows cents as dollars with 2 decimals', () => {
    expect(dollars(236_250)).toBe('$2,362.50');
    expect(dollars(5)).toBe('$0.05');
    expect(dollars(-10_000)).toBe('-$100.00');
  });

  it('lists the priced parts in the calculator order and adds up to the total', () => {
    const q = quote();
    const lines = breakdownLines(q);
    expect(lines).toEqual([
      { item: 'Cameras', detail: '6 wired cameras', cents: 120_000 },
      { item: 'Wiring', detail: '150 ft of cable', cents: 37_500 },
      { item: 'Labor', detail: '10.5 hours', cents: 78_750 },
    ]);
    expect(lines.reduce((sum, line) => sum + line.cents, 0)).toBe(q.totalCents);
    expect(totalLines(q)).toEqual([{ item: 'Total', detail: '', cents: 236_250 }]);
  });

  it('names each service, and shows a total set by hand with the calculated one and the adjustment', () => {
    const q = quote({
      cameraType: 'none',
      cameraCount: 0,
      wireLength: 0,
      starlinkInstall: true,
      laborHours: 1,
      breakdown: { cameras: 0, wiring: 0, starlink: 59_900, labor: 8_500, additional: 15_000 },
      selectedServices: [{ id: 'mount', name: 'Snow-rated mount', price: 150 }],
      calculatedTotalCents: 83_400,
      totalCents: 80_000,
      adjusted: true,
    });
    expect(breakdownLines(q)).toEqual([
      { item: 'Starlink', detail: 'Satellite internet installation', cents: 59_900 },
      { item: 'Labor', detail: '1 hour', cents: 8_500 },
      { item: 'Snow-rated mount', detail: 'Additional service', cents: 15_000 },
    ]);
    expect(totalLines(q)).toEqual([
      { item: 'Calculated total', detail: '', cents: 83_400 },
      { item: 'Adjustment', detail: '', cents: -3_400 },
      { item: 'Total', detail: '', cents: 80_000 },
    ]);
    expect(scopeLine(q)).toBe('House · Starlink · Homer');
    expect(scopeLine(quote())).toBe('House · 6 wired cameras · Homer');
  });

  it('writes instants in Alaska time with the zone, standard and daylight', () => {
    expect(alaskaTime('2027-01-31T20:00:00.000Z')).toBe('January 31, 2027 at 11:00 AM AKST');
    expect(alaskaTime('2027-07-01T20:00:00.000Z')).toBe('July 1, 2027 at 12:00 PM AKDT');
    // The terms name the Alaska day, as the PDF does: 08:00 UTC on Feb 1 is still Jan 31 in Anchorage.
    expect(quoteTerms(quote({ validUntil: '2027-02-01T08:00:00.000Z' }))[0]).toContain(
      'valid until January 31, 2027 (30 days)',
    );
  });

  it("checks the typed name and the decline reason by the server's rules", () => {
    expect(signerNameProblem('  ')).toBe('Please type your full name');
    expect(signerNameProblem('Nell Sitka')).toBeNull();
    expect(signerNameProblem('x'.repeat(201))).not.toBeNull();
    expect(declineReasonProblem('')).toBe('Please tell us why you are declining');
    expect(declineReasonProblem('Too expensive')).toBeNull();
  });
});
