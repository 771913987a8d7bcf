import type { ZQuoteInvoiceChoiceBody } from '@app/contracts/api/invoices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { createRecord, isAccepted } from '../../lib/api';
import { callFailure } from '../../lib/failure';
import { invalidatePayments } from './invalidate';
import { invoicePath, localPath } from './payments-query';

/** What a client who accepted a quote chooses to pay now. */
export type PayChoice = z.input<typeof ZQuoteInvoiceChoiceBody>['choice'];

/**
 * POST /api/estimates/{id}/invoice {choice}: the invoice for an accepted quote, a 30 % deposit or the whole
 * amount. Answers the invoice page's address (the server answers the invoice it already made on a retry).
 */
export function useInvoiceForQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ estimateId, choice }: { estimateId: number; choice: PayChoice }) => {
      const answer = await createRecord<{ id?: number; invoiceId?: number; invoiceUrl?: string }>(
        `/api/estimates/${estimateId}/invoice`,
        { choice },
      );
      if (isAccepted(answer)) return invoicePath(answer.id);
      const id = answer.invoiceId ?? answer.id;
      return answer.invoiceUrl ? localPath(answer.invoiceUrl) : id ? invoicePath(id) : null;
    },
    onSuccess: () => invalidatePayments(queryClient),
    onError: (error) =>
      callFailure(error, 'Payment Setup Failed', 'Failed to setup payment. Please try again.'),
  });
}
