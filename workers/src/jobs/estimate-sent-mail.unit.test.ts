import { DEFAULT_PRICING } from '@app/contracts/estimates/pricing';
import type { StoredEvent } from '@app/contracts/events/envelope';
import { describe, expect, it } from 'vitest';
import { quoteMailDecision, quoteMailFor } from './estimate-sent-mail.ts';

let revision = 0n;
/** An estimate event as the store hands it back (only what the decision reads is filled in). */
const stored = (id: string, type: string, data: Record<string, unknown>) =>
  ({
    id,
    type,
    data,
    streamName: 'estimate-9',
    revision: revision++,
    metadata: {},
  }) as unknown as StoredEvent;

const created = stored('e1', 'EstimateCreated', {
  estimateId: 9,
  quoteNumber: 'NGS123456',
  title: 'Cabin cameras',
  clientId: 3,
  totalCents: 126_500,
  adjustedTotalCents: null,
  pricing: DEFAULT_PRICING,
});
const sent = (id: string) =>
  stored(id, 'EstimateSent', {
    estimateId: 9,
    validUntil: '2026-04-01T10:00:00.000Z',
    sentAt: '2026-03-02T10:00:00.000Z',
  });
const changed = stored('e3', 'EstimateChanged', {
  estimateId: 9,
  title: 'Cabin cameras',
  clientId: 3,
  totalCents: 126_500,
  adjustedTotalCents: 100_000,
});

describe('estimate.sent.mail', () => {
  it('tells the client of the send the quote stands by, while it waits for their answer', () => {
    expect(quoteMailDecision([created, sent('s1')], 's1')).toMatchObject({
      send: true,
      quote: { quoteNumber: 'NGS123456', title: 'Cabin cameras', clientId: 3, totalCents: 126_500 },
    });
  });

  it('tells nobody when the quote was edited, answered, deleted or sent again before the job ran', () => {
    expect(quoteMailDecision([created, sent('s1'), changed], 's1')).toEqual({
      send: false,
      reason: 'the quote is draft now',
    });
    for (const [type, status] of [
      ['EstimateAccepted', 'accepted'],
      ['EstimateDeclined', 'declined'],
      ['EstimateDeleted', 'deleted'],
    ] as const)
      expect(quoteMailDecision([created, sent('s1'), stored('a', type, { estimateId: 9 })], 's1')).toEqual({
        send: false,
        reason: `the quote is ${status} now`,
      });
    expect(quoteMailDecision([created, sent('s1'), sent('s2')], 's1')).toEqual({
      send: false,
      reason: 'sent again since: that send tells the client',
    });
    // Sent again after an edit: the new send's job mails the total as it is now.
    expect(quoteMailDecision([created, sent('s1'), changed, sent('s2')], 's2')).toMatchObject({
      send: true,
      quote: { totalCents: 100_000 },
    });
  });

  it('names the quote, its total in dollars, its last day in Alaska and the portal', () => {
    const decision = quoteMailDecision([created, sent('s1')], 's1');
    if (!decision.send) throw new Error(decision.reason);
    const mail = quoteMailFor(
      { quote: decision.quote, clientName: 'Ada Client', to: 'ada@example.com' },
      'https://northern.example/',
    );
    expect(mail).toEqual({
      to: 'ada@example.com',
      subject: 'Your quote NGS123456 is ready: Cabin cameras',
      text: [
        'Hello Ada Client,',
        '',
        'We have prepared a quote for you:',
        '',
        '  Quote: NGS123456',
        '  For: Cabin cameras',
        '  Total: $1,265.00',
        '  Valid until: April 1, 2026 (Alaska time)',
        '',
        'Read it, and accept or decline it online, under Quotes in your client portal: https://northern.example/client',
      ].join('\n'),
    });
  });
});
