import { z } from 'zod';
import { INVOICE_KINDS } from '../invoices/rules.ts';
import { defineEvent } from './define.ts';
import { eId, eInstant } from './values.ts';

/**
 * What a quote has been billed: one stream per quote (`quote-invoices-<estimateId>`), each invoice made from it
 * recorded in the same change as the invoice's InvoiceIssued, at the revision read. So a quote's invoices never
 * exceed its total (two conversions at once cannot both pass), and people's edits to the quote itself
 * (`estimate-<id>`) never meet this bookkeeping.
 */
export const quoteInvoicesStream = (estimateId: number) => `quote-invoices-${estimateId}`;

const eCents = z.number().int().min(1).max(100_000_000_000);

export const ZQuoteInvoiced = defineEvent(
  'QuoteInvoiced',
  z.object({
    estimateId: eId,
    invoiceId: eId,
    amountCents: eCents,
    kind: z.enum(INVOICE_KINDS),
    /** The part of the amount beyond what remained of the quote, which an admin confirmed as an extra. */
    extraCents: z.number().int().min(0).max(100_000_000_000),
    /** Who billed it: the admin converting, or the client choosing a deposit or the whole. */
    by: eId,
    at: eInstant,
  }),
);

export const quoteInvoiceEventSchemas = [ZQuoteInvoiced] as const;
export type TQuoteInvoiceEvent = z.infer<(typeof quoteInvoiceEventSchemas)[number]>;
