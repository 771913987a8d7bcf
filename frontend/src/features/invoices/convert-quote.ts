import { type TConvertQuoteBody, ZConvertQuoteResponse } from '@app/contracts/api/invoices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, createRecord, isAccepted } from '../../lib/api';
import { callFailure } from '../../lib/failure';
import { toast } from '../../ui/toast-store';
import { invalidatePayments } from './invalidate';
import { invoicePath, localPath } from './payments-query';

type Converted = z.infer<typeof ZConvertQuoteResponse>;

/**
 * The server's message when the quote has nothing left to bill (409 `quote_fully_invoiced`, naming the invoices
 * made), else null: the dialog shows it and offers an explicit extra instead of a toast.
 */
export function fullyInvoicedMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  try {
    const body = JSON.parse(error.body) as { error?: unknown; message?: unknown };
    return body.error === 'quote_fully_invoiced' && typeof body.message === 'string' ? body.message : null;
  } catch {
    return null;
  }
}

/**
 * POST /api/quotes/convert-to-invoice {estimateId, projectId}, with `allowExtra` and the dollar `amount` when an
 * admin confirmed billing beyond the quote: answers where the new invoice's page is.
 */
export function useConvertQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TConvertQuoteBody) => {
      const answer = await createRecord<Converted>('/api/quotes/convert-to-invoice', body);
      return isAccepted(answer)
        ? invoicePath(answer.id)
        : localPath(ZConvertQuoteResponse.parse(answer).invoiceUrl);
    },
    onSuccess: () => {
      invalidatePayments(queryClient);
      toast({ title: 'Invoice Created', description: 'The quote was converted to an invoice.' });
    },
    onError: (error) => {
      if (fullyInvoicedMessage(error) === null) callFailure(error, 'Failed to convert quote to invoice');
    },
  });
}
