import type { TCreateInvoiceBody, ZInvoiceCreated } from '@app/contracts/api/invoices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { createRecord, isAccepted } from '../../lib/api';
import { callFailure } from '../../lib/failure';
import { toast } from '../../ui/toast-store';
import { invalidatePayments } from './invalidate';
import { INVOICES_KEY } from './payments-query';

/** POST /api/invoices (Send Invoice for Existing Job), with an Idempotency-Key: a retry never bills twice. */
export function useCreateInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateInvoiceBody) =>
      createRecord<z.infer<typeof ZInvoiceCreated>>(INVOICES_KEY, body),
    onSuccess: (answer) => {
      invalidatePayments(queryClient);
      toast({
        title: 'Invoice Sent',
        description: isAccepted(answer)
          ? answer.message
          : `Invoice ${answer.invoiceNumber} was sent to the client.`,
      });
    },
    onError: (error) => callFailure(error, 'Failed to create invoice'),
  });
}
