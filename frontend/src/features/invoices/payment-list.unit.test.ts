import { describe, expect, it } from 'vitest';
import {
  alaskaToday,
  centsToDollarText,
  centsToUsd,
  defaultDueDay,
  inTab,
  overdue,
  paymentStats,
  tabCounts,
} from './payment-list';

const row = (
  status: 'pending' | 'completed' | 'failed',
  amountCents: number,
  paidCents: number,
  dueDate: string,
) => ({
  status,
  amountCents,
  paidCents,
  balanceCents: amountCents - paidCents,
  dueDate,
});

const rows = [
  row('pending', 100_000, 30_000, '2026-11-20'), // overdue, part paid
  row('pending', 50_050, 0, '2026-11-26'), // due today: not overdue
  row('completed', 20_000, 20_000, '2026-10-01'),
  row('failed', 7_500, 0, '2026-10-01'),
];

describe('Payments view rules', () => {
  it('counts each tab and filters rows by status', () => {
    expect(tabCounts(rows)).toEqual({ all: 4, pending: 2, completed: 1, failed: 1 });
    expect(inTab(rows, 'all')).toHaveLength(4);
    expect(inTab(rows, 'pending').map((r) => r.amountCents)).toEqual([100_000, 50_050]);
    expect(inTab(rows, 'failed').map((r) => r.amountCents)).toEqual([7_500]);
    expect(tabCounts([])).toEqual({ all: 0, pending: 0, completed: 0, failed: 0 });
  });

  it('sums the stat cards in cents: failed invoices owe nothing, overdue is the late part of pending', () => {
    expect(paymentStats(rows, '2026-11-26')).toEqual({
      totalCents: 170_050,
      paidCents: 50_000,
      pendingCents: 120_050,
      overdueCents: 70_000,
    });
    // A day later the second invoice is late too.
    expect(paymentStats(rows, '2026-11-27').overdueCents).toBe(120_050);
  });

  it('is overdue only while pending with a due date before today', () => {
    expect(overdue({ status: 'pending', dueDate: '2026-11-25' }, '2026-11-26')).toBe(true);
    expect(overdue({ status: 'pending', dueDate: '2026-11-26' }, '2026-11-26')).toBe(false);
    expect(overdue({ status: 'completed', dueDate: '2026-11-01' }, '2026-11-26')).toBe(false);
    expect(overdue({ status: 'failed', dueDate: '2026-11-01' }, '2026-11-26')).toBe(false);
  });

  it('judges today in Alaska: 05:00 UTC on the 27th is still the 26th in Anchorage', () => {
    const instant = new Date('2026-11-27T05:00:00Z');
    expect(alaskaToday(instant)).toBe('2026-11-26');
    expect(defaultDueDay(instant)).toBe('2026-12-26');
  });

  it('writes payments with 2 decimals', () => {
    expect(centsToUsd(125_050)).toBe('$1,250.50');
    expect(centsToUsd(0)).toBe('$0.00');
    expect(centsToDollarText(70_000)).toBe('700.00');
  });
});
