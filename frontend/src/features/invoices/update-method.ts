import type { PaymentMethod } from '@app/contracts/invoices/rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { callFailure } from '../../lib/failure';
import { toast } from '../../ui/toast-store';
import { invalidatePayments } from './invalidate';
import { PAYMENTS_KEY } from './payments-query';

/** PATCH /api/payments/{id}/method {paymentMethod, customMethod}. */
export function useUpdateMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number; paymentMethod: PaymentMethod; customMethod?: string }) =>
      apiRequest('PATCH', `${PAYMENTS_KEY}/${id}/method`, body),
    onSuccess: () => {
      invalidatePayments(queryClient);
      toast({ title: 'Payment Method Updated' });
    },
    onError: (error) => callFailure(error, 'Failed to update payment method'),
  });
}
