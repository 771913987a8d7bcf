import { describe, expect, it } from 'vitest';
import { countMoves } from '../runtime/document-projection.ts';
import { dashboardPaymentKeys, dashboardPaymentSums, type PaymentRow, paidInMonthKey } from './projection.ts';
import type { LedgerEntryRow } from './table.ts';

const entry = (amountCents: number, paidAt: string): LedgerEntryRow => ({
  paymentId: `p-${paidAt}`,
  amountCents,
  method: 'check',
  customMethod: null,
  transactionId: null,
  source: 'offline',
  paidAt,
});

const row = (over: Partial<PaymentRow> = {}) =>
  ({
    voided_at: null,
    status: 'pending',
    client_id: 3,
    project_id: 7,
    paid_cents: 0,
    ledger: [],
    ...over,
  }) as PaymentRow;

const sorted = (moves: { key: string; n: number }[]) => [...moves].sort((a, b) => a.key.localeCompare(b.key));

describe('the dashboard’s kept counters and sums of an invoice', () => {
  it('counts a client’s invoices by status, and a project as paid once money came in; a deleted invoice not at all', () => {
    expect(dashboardPaymentKeys(row())).toEqual(['client:3:status:pending']);
    expect(dashboardPaymentKeys(row({ paid_cents: '1', status: 'completed' }))).toEqual([
      'client:3:status:completed',
      'paid-project:7',
      'client:3:paid-project:7',
    ]);
    expect(dashboardPaymentKeys(row({ paid_cents: 500, voided_at: '2026-11-21T00:00:00Z' }))).toEqual([]);
  });

  it('sums money received by the month it was paid in Alaska, either side of midnight there', () => {
    const ledger = [
      // Midnight of 1 October in Alaska is 08:00 UTC (daylight time, -8 h); of 1 December, 09:00 UTC (-9 h).
      entry(100, '2026-10-01T07:59:59.999Z'),
      entry(200, '2026-10-01T08:00:00.000Z'),
      entry(400, '2026-12-01T08:30:00.000Z'),
      entry(800, '2026-11-30T23:30:00-09:00'),
      entry(1_600, '2026-12-01T09:00:00.000Z'),
    ];
    expect(Object.fromEntries(dashboardPaymentSums(row({ paid_cents: '3100', ledger })))).toEqual({
      'client:3:cents:paid': 3_100,
      [paidInMonthKey('2026-09')]: 100,
      [paidInMonthKey('2026-10')]: 200,
      [paidInMonthKey('2026-11')]: 1_200,
      [paidInMonthKey('2026-12')]: 1_600,
    });
    expect(dashboardPaymentSums(row({ ledger, voided_at: '2026-12-02T00:00:00Z' }))).toEqual([]);
  });

  it('moves a payment into its client’s sum and its month, and a deleted invoice’s money out of both', () => {
    const before = row({ paid_cents: 100, ledger: [entry(100, '2026-10-15T20:00:00Z')] });
    const after = row({ paid_cents: 350, ledger: [...before.ledger, entry(250, '2026-11-02T20:00:00Z')] });
    expect(sorted(countMoves(dashboardPaymentSums, [[before, after]]))).toEqual(
      sorted([
        { key: 'client:3:cents:paid', n: 250 },
        { key: paidInMonthKey('2026-11'), n: 250 },
      ]),
    );
    expect(
      sorted(countMoves(dashboardPaymentSums, [[after, { ...after, voided_at: '2026-11-03T00:00:00Z' }]])),
    ).toEqual(
      sorted([
        { key: 'client:3:cents:paid', n: -350 },
        { key: paidInMonthKey('2026-10'), n: -100 },
        { key: paidInMonthKey('2026-11'), n: -250 },
      ]),
    );
  });
});
