import { ZConvertQuoteResponse } from '@app/contracts/api/invoices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { createRecord, isAccepted } from '../../lib/api';
import { callFailure } from '../../lib/failure';
import { toast } from '../../ui/toast-store';
import { invalidatePayments } from './invalidate';
import { invoicePath, localPath } from './payments-query';

type Converted = z.infer<typeof ZConvertQuoteResponse>;

/** POST /api/quotes/convert-to-invoice {estimateId, projectId}: answers where the new invoice's page is. */
export function useConvertQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { estimateId: number; projectId: number }) => {
      const answer = await createRecord<Converted>('/api/quotes/convert-to-invoice', body);
      return isAccepted(answer)
        ? invoicePath(answer.id)
        : localPath(ZConvertQuoteResponse.parse(answer).invoiceUrl);
    },
    onSuccess: () => {
      invalidatePayments(queryClient);
      toast({ title: 'Invoice Created', description: 'The quote was converted to an invoice.' });
    },
    onError: (error) => callFailure(error, 'Failed to convert quote to invoice'),
  });
}
