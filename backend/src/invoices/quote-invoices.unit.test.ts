import { encodeEvent } from '@app/contracts/events/domain';
import type { TQuoteInvoiceEvent } from '@app/contracts/events/quote-invoices';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../platform/errors.ts';
import {
  billQuote,
  type MadeInvoice,
  QUOTE_FULLY_INVOICED,
  type QuoteBill,
  quoteInvoicesDecider,
} from './quote-invoices.ts';

const at = '2026-11-20T19:00:00.000Z';
const invoiced = (invoiceId: number, amountCents: number, kind = 'full' as const): TQuoteInvoiceEvent => ({
  type: 'QuoteInvoiced',
  data: { estimateId: 4, invoiceId, amountCents, kind, extraCents: 0, by: 1, at },
});
const given = (...events: TQuoteInvoiceEvent[]) =>
  events.reduce(quoteInvoicesDecider.evolve, quoteInvoicesDecider.initial);
const number = (id: number) => `INV-202611-${String(id).padStart(3, '0')}`;
const made = (ids: number[], voided: number[] = []): MadeInvoice[] =>
  ids.map((invoiceId) => ({
    invoiceId,
    invoiceNumber: number(invoiceId),
    voided: voided.includes(invoiceId),
  }));

/** A $450 quote billed by invoice 9. */
const bill = (state: ReturnType<typeof given>, what: QuoteBill, voided: number[] = []) =>
  billQuote(state, {
    estimateId: 4,
    invoiceId: 9,
    totalCents: 45_000,
    made: made(
      state.invoices.map((i) => i.invoiceId),
      voided,
    ),
    bill: what,
    by: 1,
    at,
  });
const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (err) {
    if (err instanceof DomainError) return `${err.status} ${err.code}: ${err.message}`;
    throw err;
  }
  return 'billed';
};
const billed = (events: TQuoteInvoiceEvent[]) =>
  events.map((e) => ({ amountCents: e.data.amountCents, kind: e.data.kind, extraCents: e.data.extraCents }));

describe('billing a quote', () => {
  it('Convert bills the whole quote once; a second Convert is refused, naming the invoice made', () => {
    const first = bill(given(), { what: 'rest' });
    expect(billed(first)).toEqual([{ amountCents: 45_000, kind: 'full', extraCents: 0 }]);
    expect(() => encodeEvent('QuoteInvoiced', first[0]!.data)).not.toThrow();
    expect(refusal(() => bill(given(invoiced(7, 45_000)), { what: 'rest' }))).toBe(
      `409 ${QUOTE_FULLY_INVOICED}: This quote's $450.00 is already invoiced: INV-202611-007 ($450.00). Nothing remains to bill.`,
    );
  });

  it('after the 30 % deposit, Convert bills only the rest, as the final invoice', () => {
    const deposit = bill(given(), { what: 'deposit' });
    expect(billed(deposit)).toEqual([{ amountCents: 13_500, kind: 'deposit', extraCents: 0 }]);
    const rest = bill(given(...deposit.map((e) => ({ ...e, data: { ...e.data, invoiceId: 7 } }))), {
      what: 'rest',
    });
    expect(billed(rest)).toEqual([{ amountCents: 31_500, kind: 'final', extraCents: 0 }]);
    expect(
      refusal(() =>
        bill(given(invoiced(7, 13_500, 'deposit' as never), invoiced(8, 31_500)), { what: 'rest' }),
      ),
    ).toMatch(/INV-202611-007 \(\$135\.00\), INV-202611-008 \(\$315\.00\)/);
  });

  it('a deleted invoice no longer counts', () => {
    expect(billed(bill(given(invoiced(7, 45_000)), { what: 'rest' }, [7]))).toEqual([
      { amountCents: 45_000, kind: 'full', extraCents: 0 },
    ]);
  });

  it("the client's choice never bills past what remains", () => {
    const afterPart = given(invoiced(7, 40_000));
    expect(billed(bill(afterPart, { what: 'deposit' }))).toEqual([
      { amountCents: 5_000, kind: 'deposit', extraCents: 0 },
    ]);
    expect(billed(bill(afterPart, { what: 'full' }))).toEqual([
      { amountCents: 5_000, kind: 'final', extraCents: 0 },
    ]);
    expect(refusal(() => bill(given(invoiced(7, 45_000)), { what: 'deposit' }))).toMatch(/^409 /);
  });

  it("an admin's explicit extra bills the amount confirmed and records what lies beyond the quote", () => {
    expect(billed(bill(given(invoiced(7, 45_000)), { what: 'extra', amountCents: 5_000 }))).toEqual([
      { amountCents: 5_000, kind: 'milestone', extraCents: 5_000 },
    ]);
    expect(billed(bill(given(invoiced(7, 40_000)), { what: 'extra', amountCents: 9_000 }))).toEqual([
      { amountCents: 9_000, kind: 'milestone', extraCents: 4_000 },
    ]);
  });

  it('a quote of $0.00 has nothing to bill', () => {
    expect(
      refusal(() =>
        billQuote(given(), {
          estimateId: 4,
          invoiceId: 9,
          totalCents: 0,
          made: [],
          bill: { what: 'rest' },
          by: 1,
          at,
        }),
      ),
    ).toBe('409 quote_empty: This quote totals $0.00: there is nothing to bill.');
  });
});
