import { dollars } from '@app/contracts/estimates/quote-text';
import type { TQuoteInvoiceEvent } from '@app/contracts/events/quote-invoices';
import { depositOf, type InvoiceKind } from '@app/contracts/invoices/rules';
import { conflict } from '../platform/errors.ts';

/**
 * What a quote has been billed (`quote-invoices-<estimateId>`): the invoices made from it, each recorded in the
 * same change as the invoice. Its invoices never exceed the quote's total: a conversion bills what remains (a
 * deposit counts, a deleted invoice does not), and only an admin's explicit extra goes beyond it.
 */
export interface QuoteInvoicesState {
  invoices: readonly { invoiceId: number; amountCents: number }[];
}

export const quoteInvoicesDecider = {
  initial: { invoices: [] } as QuoteInvoicesState,
  evolve(state: QuoteInvoicesState, event: TQuoteInvoiceEvent): QuoteInvoicesState {
    switch (event.type) {
      case 'QuoteInvoiced':
        return {
          invoices: [
            ...state.invoices,
            { invoiceId: event.data.invoiceId, amountCents: event.data.amountCents },
          ],
        };
      default: {
        const unhandled: never = event.type;
        return unhandled;
      }
    }
  },
};

/** What is asked of a quote: what remains (Convert), the client's choice after accepting, or an admin's extra. */
export type QuoteBill =
  | { what: 'rest' }
  | { what: 'deposit' | 'full' }
  | { what: 'extra'; amountCents: number };

/** An invoice made from the quote, as its own stream has it now. */
export interface MadeInvoice {
  invoiceId: number;
  invoiceNumber: string;
  voided: boolean;
}

export const QUOTE_FULLY_INVOICED = 'quote_fully_invoiced';

/** The 409 of a quote with nothing left to bill, naming the invoices that bill it. */
export const fullyInvoiced = (
  totalCents: number,
  billed: readonly { number: string; amountCents: number }[],
) =>
  conflict(
    `This quote's ${dollars(totalCents)} is already invoiced: ${billed
      .map((b) => `${b.number} (${dollars(b.amountCents)})`)
      .join(', ')}. Nothing remains to bill.`,
    QUOTE_FULLY_INVOICED,
  );

/**
 * Bills quote `estimateId` (total `totalCents`) with invoice `invoiceId`: the amount and kind come from what its
 * invoices not deleted (`made`, looked up on their streams) have billed. What remains is billed by Convert (a
 * full invoice, or the final one after a deposit) or by the client's choice (30 % deposit, at most what
 * remains); nothing remaining is a 409 naming the invoices, unless an admin asked for an explicit extra, which
 * bills the amount they confirmed (a milestone invoice) and records how much of it lies beyond the quote.
 */
export function billQuote(
  state: QuoteInvoicesState,
  command: {
    estimateId: number;
    invoiceId: number;
    totalCents: number;
    made: readonly MadeInvoice[];
    bill: QuoteBill;
    by: number;
    at: string;
  },
): TQuoteInvoiceEvent[] {
  const { bill } = command;
  const voided = new Set(command.made.filter((m) => m.voided).map((m) => m.invoiceId));
  const numbers = new Map(command.made.map((m) => [m.invoiceId, m.invoiceNumber]));
  const standing = state.invoices.filter((i) => !voided.has(i.invoiceId));
  const billedCents = standing.reduce((sum, i) => sum + i.amountCents, 0);
  const remaining = Math.max(0, command.totalCents - billedCents);
  let amountCents: number;
  let kind: InvoiceKind;
  if (bill.what === 'extra') {
    amountCents = bill.amountCents;
    kind = 'milestone';
  } else {
    if (command.totalCents <= 0)
      throw conflict('This quote totals $0.00: there is nothing to bill.', 'quote_empty');
    if (remaining <= 0)
      throw fullyInvoiced(
        command.totalCents,
        standing.map((i) => ({ number: numbers.get(i.invoiceId) ?? `invoice ${i.invoiceId}`, ...i })),
      );
    if (bill.what === 'deposit') {
      amountCents = Math.min(depositOf(command.totalCents), remaining);
      kind = 'deposit';
    } else {
      amountCents = remaining;
      kind = billedCents > 0 ? 'final' : 'full';
    }
  }
  return [
    {
      type: 'QuoteInvoiced',
      data: {
        estimateId: command.estimateId,
        invoiceId: command.invoiceId,
        amountCents,
        kind,
        extraCents: Math.max(0, amountCents - remaining),
        by: command.by,
        at: command.at,
      },
    },
  ];
}
