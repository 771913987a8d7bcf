import { describe, expect, it } from 'vitest';
import { invoiceMailsOf } from './invoice-mails.ts';
import { countKeys, editRaces, exactlyOnce, remindersAfterPayment, seenAtOnce } from './job-checks.ts';

describe('exactlyOnce', () => {
  it('names the keys found fewer times than expected, more times, and found with none expected', () => {
    const r = exactlyOnce(
      new Map([
        ['a', 1],
        ['b', 1],
        ['c', 0],
      ]),
      new Map([
        ['b', 2],
        ['c', 1],
        ['d', 1],
      ]),
    );
    expect(r.lost).toEqual(['a: 1 expected, 0 found']);
    expect(r.duplicated).toEqual([
      'b: 1 expected, 2 found',
      'c: 0 expected, 1 found',
      'd: none expected, 1 found',
    ]);
    expect([r.want, r.found]).toEqual([2, 4]);
  });

  it('passes when each key is there as often as expected', () => {
    const r = exactlyOnce(new Map([['a', 3]]), countKeys(['a', 'a', 'a']));
    expect(r.lost.length + r.duplicated.length).toBe(0);
  });
});

describe('invoice mails', () => {
  it('tells the invoice, receipt and reminder mails of each invoice apart by subject', () => {
    const mail = (subject: string, at = 0) => ({ file: subject, to: 'x@y', subject, at });
    const r = invoiceMailsOf(
      [
        mail('Invoice INV-202611-001: $150.00 due November 28, 2026'),
        mail('Invoice INV-202611-0010: $1.00 due November 28, 2026'),
        mail('Receipt: invoice INV-202611-001 is paid in full'),
        mail('Reminder: invoice INV-202611-001 is due in 2 days', 5),
        mail('New message from Admin'),
      ],
      ['INV-202611-001', 'INV-202611-002'],
    );
    expect(r).toEqual({
      issued: ['INV-202611-001'],
      receipts: ['INV-202611-001'],
      reminders: [{ invoice: 'INV-202611-001', at: 5 }],
    });
  });

  it('finds a reminder mailed after its invoice was paid, allowing a moment for one already under way', () => {
    const paid = new Map([['A', 10_000]]);
    expect(
      remindersAfterPayment(
        [
          { invoice: 'A', at: 9_000 },
          { invoice: 'A', at: 11_000 },
          { invoice: 'B', at: 50_000 },
        ],
        paid,
      ),
    ).toEqual([]);
    expect(remindersAfterPayment([{ invoice: 'A', at: 12_500 }], paid)).toHaveLength(1);
  });
});

describe('api processes', () => {
  it('counts a change seen late or never, and leaves rounds a fault disturbed out', () => {
    const r = seenAtOnce([
      { what: 'sign-out', atOnce: true, afterMs: 0 },
      { what: 'role', atOnce: false, afterMs: 300 },
      { what: 'sign-out', atOnce: false, afterMs: null },
      { what: 'role', atOnce: false, afterMs: null, disturbed: 'ECONNREFUSED' },
    ]);
    expect(r).toEqual({
      judged: 3,
      disturbed: 1,
      slowestMs: Number.POSITIVE_INFINITY,
      late: ['role: seen after 300 ms', 'sign-out: never seen'],
    });
  });

  it('accepts one winner and a 409, or both stored in turn; finds a lost update and a refused edit stored', () => {
    const race = (a: string, b: string, stored: string[], final = stored.at(-1) ?? null) => ({
      record: 'project 1',
      edits: [
        { value: 'A', answer: a },
        { value: 'B', answer: b },
      ],
      stored,
      final,
    });
    const fine = editRaces([race('200', '409', ['A']), race('200', '200', ['B', 'A'])]);
    expect(fine).toMatchObject({ judged: 2, conflicts: 1, bothStored: 1, lostUpdates: [], wrong: [] });
    const bad = editRaces([
      race('200', '200', ['A']),
      race('409', '200', ['A', 'B']),
      race('200', '409', ['A'], 'B'),
      race('503', '200', []),
    ]);
    expect(bad.lostUpdates).toEqual(['project 1: "B" answered 200, not stored']);
    expect(bad.wrong).toEqual([
      'project 1: "A" answered 409, stored all the same',
      'project 1: ends as "B", last stored "A"',
    ]);
    expect(bad.disturbed).toBe(1);
  });
});
