import { describe, expect, it } from 'vitest';
import { countMoves } from '../runtime/document-projection.ts';
import { dueBeforeKeys, dueKeys, type PaymentRow, paymentSums } from './projection.ts';

const row = (over: Partial<PaymentRow> = {}) =>
  ({
    voided_at: null,
    status: 'pending',
    amount_cents: 10_000,
    paid_cents: 2_500,
    due_date: '2026-11-20',
    ...over,
  }) as PaymentRow;

describe('the payments view’s kept sums', () => {
  it('counts a pending invoice as invoiced, paid and owed (by due date); a failed one only as paid; a deleted one not at all', () => {
    expect(Object.fromEntries(paymentSums(row()))).toEqual({
      'cents:paid': 2_500,
      'cents:invoiced': 10_000,
      'cents:owed': 7_500,
      'cents:owed:c:20': 7_500,
      'cents:owed:x:202': 7_500,
      'cents:owed:y:2026': 7_500,
      'cents:owed:m:2026-11': 7_500,
      'cents:owed:d:2026-11-20': 7_500,
    });
    expect(paymentSums(row({ status: 'failed' }))).toEqual([['cents:paid', 2_500]]);
    expect(paymentSums(row({ voided_at: '2026-11-21T00:00:00Z' }))).toEqual([]);
  });

  it('moves the sums by what a change made, leaving out those that stay', () => {
    expect(
      countMoves(paymentSums, [[row(), row({ paid_cents: 10_000, status: 'completed' })]]).sort((a, b) =>
        a.key.localeCompare(b.key),
      ),
    ).toEqual(
      [
        { key: 'cents:paid', n: 7_500 },
        { key: 'cents:owed', n: -7_500 },
        ...dueKeys('2026-11-20').map((key) => ({ key, n: -7_500 })),
      ].sort((a, b) => a.key.localeCompare(b.key)),
    );
  });

  it('names, for any day, counters holding exactly the due dates before it', () => {
    const days = [
      '1999-12-31',
      '2000-01-01',
      '2019-06-15',
      '2026-01-01',
      '2026-02-28',
      '2026-11-20',
      '2031-10-09',
    ];
    for (const today of ['2000-01-01', '2026-01-01', '2026-03-01', '2026-11-20', '2030-12-31']) {
      const keys = new Set(dueBeforeKeys(today));
      expect(keys.size).toBeLessThanOrEqual(79);
      for (const day of days) {
        const hits = dueKeys(day).filter((k) => keys.has(k)).length;
        expect(hits, `${day} before ${today}`).toBe(day < today ? 1 : 0);
      }
    }
  });
});
