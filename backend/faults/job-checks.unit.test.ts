import { describe, expect, it } from 'vitest';
import { invoiceMailsOf } from './invoice-mails.ts';
import {
  countKeys,
  editRaces,
  exactlyOnce,
  paymentParts,
  remindersAfterPayment,
  seenAtOnce,
  staleRounds,
  uploadTries,
} from './job-checks.ts';

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

  it('wants every edit without a version stored in turn: a 409, a lost update, a refused edit stored are wrong', () => {
    const race = (a: string, b: string, stored: string[], final = stored.at(-1) ?? null) => ({
      record: 'project 1',
      edits: [
        { value: 'A', answer: a },
        { value: 'B', answer: b },
      ],
      stored,
      final,
    });
    const fine = editRaces([race('200', '200', ['B', 'A']), race('202', '200', ['A', 'B'], null)]);
    expect(fine).toMatchObject({ judged: 2, conflicts: 0, allStored: 2, lostUpdates: [], wrong: [] });
    const bad = editRaces([
      race('200', '200', ['A']),
      race('409', '200', ['A', 'B']),
      race('200', '409', ['A'], 'B'),
      race('200', '200', ['A', 'B', 'A']),
      race('ECONNRESET', '200', ['B']),
    ]);
    expect(bad.conflicts).toBe(2);
    expect(bad.lostUpdates).toEqual(['project 1: "B" answered 200, not stored']);
    expect(bad.wrong).toEqual([
      'project 1: "A" answered 409, stored all the same',
      'project 1: ends as "B", last stored "A"',
      'project 1: "A" stored twice',
    ]);
    expect(bad.disturbed).toBe(1);
  });
});

describe('stale copies', () => {
  const edit = (value: string, answer: string, code: string | null = null) => ({ value, answer, code });
  it('wants each edit of a stale copy refused with 409 stale_version and none stored', () => {
    const r = staleRounds([
      {
        record: 'p round 1',
        between: '200',
        edits: [edit('a', '409', 'stale_version'), edit('b', 'ECONNRESET')],
        stored: [],
      },
      { record: 'p round 3', between: '503', edits: [edit('c', '200')], stored: ['c'] },
    ]);
    expect(r).toEqual({ judged: 1, disturbed: 1, refused: 1, cut: 1, wrong: [] });
  });

  it('names a stale edit accepted, refused with another code, or stored', () => {
    const r = staleRounds([
      {
        record: 'p round 1',
        between: '202',
        edits: [edit('a', '200'), edit('b', '409', 'conflict'), edit('c', '409', 'stale_version')],
        stored: ['a', 'c'],
      },
    ]);
    expect(r.wrong).toEqual([
      'p round 1: stale "a" answered 200',
      'p round 1: stale "a" (200) stored',
      'p round 1: stale "b" answered 409 conflict',
      'p round 1: stale "c" (409) stored',
    ]);
  });
});

describe('part payments', () => {
  const part = (
    tag: string,
    cents: number,
    answer: string,
    recorded: number,
    code: string | null = null,
  ) => ({
    tag,
    cents,
    answer,
    code,
    recorded,
  });
  it('accepts parts that fit taken in any order and the one over the balance refused as a 400', () => {
    const r = paymentParts([
      {
        invoice: 'i1',
        totalCents: 9000,
        parts: [
          part('a', 4000, '200', 1),
          part('b', 4000, '400', 0, 'overpayment'),
          part('c', 4000, '202', 1),
        ],
      },
      {
        invoice: 'i2',
        totalCents: 9000,
        parts: [part('d', 4500, 'ECONNRESET', 1), part('e', 4500, '200', 1)],
      },
    ]);
    expect(r).toEqual({ acknowledged: 3, overBalance: 1, cut: 1, lost: [], twice: [], wrong: [] });
  });

  it('finds a part lost, recorded twice, answered 409, refused though it fit, or more than the total', () => {
    const r = paymentParts([
      {
        invoice: 'i1',
        totalCents: 9000,
        parts: [part('a', 3000, '200', 0), part('b', 3000, '200', 2), part('c', 3000, '409', 0, 'conflict')],
      },
      {
        invoice: 'i2',
        totalCents: 9000,
        parts: [part('d', 4000, '200', 1), part('e', 4000, '400', 0, 'overpayment')],
      },
      {
        invoice: 'i3',
        totalCents: 9000,
        parts: [part('f', 5000, '200', 1), part('g', 5000, 'ECONNRESET', 1)],
      },
    ]);
    expect(r.lost).toEqual(['i1 part a: answered 200, not recorded']);
    expect(r.twice).toEqual(['i1 part b: recorded 2 times (200)']);
    expect(r.wrong).toEqual([
      'i1 part c: answered 409 conflict',
      'i2 part e: refused as over the balance, but 5000 cents were left',
      'i3: 10000 cents recorded on a total of 9000',
    ]);
  });
});

describe('uploads', () => {
  it('allows 2xx, 503 and cut connections; finds any other answer, an acknowledged upload lost, one stored twice', () => {
    const r = uploadTries([
      { what: 'photo a', answers: ['503', 'ECONNRESET', '201'], stored: 1 },
      { what: 'document b', answers: ['202'], stored: 1 },
      { what: 'document c', answers: ['500', '201'], stored: 2 },
      { what: 'photo d', answers: ['404'], stored: 0 },
      { what: 'photo e', answers: ['201'], stored: 0 },
    ]);
    expect(r.acknowledged).toBe(4);
    expect(r.badAnswers).toEqual(['document c: 500', 'photo d: 404']);
    expect(r.lost).toEqual(['photo e: answered 201, not stored']);
    expect(r.twice).toEqual(['document c: stored 2 times']);
  });
});
