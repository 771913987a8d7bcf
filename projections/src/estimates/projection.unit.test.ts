import { calculateQuote } from '@app/contracts/estimates/calculate';
import { DEFAULT_PRICING } from '@app/contracts/estimates/pricing';
import type { TEstimateEvent } from '@app/contracts/events/estimates';
import { describe, expect, it } from 'vitest';
import { type EstimateRow, evolveEstimate } from './projection.ts';

const input = {
  cameraType: 'wired' as const,
  cameraCount: 4,
  wireLength: 100,
  starlinkInstall: false,
  propertyType: 'house',
  location: 'Anchorage',
  additionalServices: ['system-training'],
  customLaborHours: null,
};
const quote = calculateQuote(input, DEFAULT_PRICING);
const priced = {
  estimateId: 9,
  title: 'Cabin cameras',
  jobName: '',
  clientId: 3,
  projectId: null,
  description: quote.description,
  specialRequirements: '',
  recommendations: quote.recommendations,
  adjustedTotalCents: null,
  ...input,
  breakdown: quote.breakdown,
  totalCents: quote.totalCents,
  laborHours: quote.laborHours,
  multiplier: quote.multiplier,
  timeline: quote.timeline,
  kind: quote.kind,
};
const created: TEstimateEvent = {
  type: 'EstimateCreated',
  data: {
    ...priced,
    quoteNumber: 'NGS123456',
    pricing: DEFAULT_PRICING,
    pricingSavedAt: null,
    createdBy: 1,
    createdAt: '2026-03-01T10:00:00.000Z',
  },
};
const sent: TEstimateEvent = {
  type: 'EstimateSent',
  data: {
    estimateId: 9,
    clientId: 3,
    quoteSha256: 'a'.repeat(64),
    validUntil: '2026-04-05T10:00:00.000Z',
    sentBy: 1,
    sentAt: '2026-03-06T10:00:00.000Z',
  },
};
const declined: TEstimateEvent = {
  type: 'EstimateDeclined',
  data: { estimateId: 9, declinedBy: 30, reason: 'Too dear', declinedAt: '2026-03-07T10:00:00.000Z' },
};
const changed: TEstimateEvent = {
  type: 'EstimateChanged',
  data: { ...priced, adjustedTotalCents: 100_000, changedBy: 1, changedAt: '2026-03-08T10:00:00.000Z' },
};
const fold = (events: TEstimateEvent[]) =>
  events.reduce<EstimateRow | null | undefined>((row, e) => evolveEstimate(row ?? null, e), null);

describe('the estimates view', () => {
  it("keeps a row per estimate: the quote's amounts, its services as its pricing names them, 30 days while a draft", () => {
    expect(fold([created])).toMatchObject({
      id: 9,
      quote_number: 'NGS123456',
      status: 'draft',
      calculated_total_cents: quote.totalCents,
      adjusted_total_cents: null,
      selected_services: [{ id: 'system-training', name: 'System Training', price: 150 }],
      valid_until: '2026-03-31T10:00:00.000Z',
    });
  });

  it('a sent quote is open until the day sent, a declined one keeps the reason, an edit makes it a draft again', () => {
    expect(fold([created, sent])).toMatchObject({ status: 'sent', valid_until: '2026-04-05T10:00:00.000Z' });
    expect(fold([created, sent, declined])).toMatchObject({ status: 'declined', decline_reason: 'Too dear' });
    expect(fold([created, sent, declined, changed])).toMatchObject({
      status: 'draft',
      sent_at: null,
      declined_at: null,
      decline_reason: null,
      valid_until: '2026-03-31T10:00:00.000Z',
      adjusted_total_cents: 100_000,
      updated_at: '2026-03-08T10:00:00.000Z',
    });
  });

  it('removes a deleted estimate and ignores events of an estimate it never saw made', () => {
    expect(
      evolveEstimate(fold([created]) ?? null, {
        type: 'EstimateDeleted',
        data: { estimateId: 9, deletedBy: 1, deletedAt: '2026-03-02T10:00:00.000Z' },
      }),
    ).toBeNull();
    expect(evolveEstimate(null, sent)).toBeUndefined();
  });
});
