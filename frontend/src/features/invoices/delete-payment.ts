import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { callFailure } from '../../lib/failure';
import { toast } from '../../ui/toast-store';
import { invalidatePayments } from './invalidate';
import { PAYMENTS_KEY } from './payments-query';

export const DELETE_PAYMENT_CONFIRMATION =
  'Are you sure you want to delete this payment? This will also void the Stripe invoice if it exists.';

/** DELETE /api/payments/{id} {reason}: the reason is required when money was received for it. */
export function useDeletePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason?: string }) =>
      apiRequest('DELETE', `${PAYMENTS_KEY}/${id}`, reason ? { reason } : {}),
    onSuccess: () => {
      invalidatePayments(queryClient);
      toast({ title: 'Payment Deleted', description: 'The payment has been deleted.' });
    },
    onError: (error) => callFailure(error, 'Failed to delete payment'),
  });
}
