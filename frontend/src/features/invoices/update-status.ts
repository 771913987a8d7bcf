import type { PaymentStatus } from '@app/contracts/invoices/rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { callFailure } from '../../lib/failure';
import { toast } from '../../ui/toast-store';
import { invalidatePayments } from './invalidate';
import { PAYMENTS_KEY } from './payments-query';

/** The confirmation asked before any status change (section 8). */
export const statusConfirmation = (status: PaymentStatus) =>
  `Are you sure you want to mark this payment as ${status}?`;

/** PATCH /api/payments/{id}/status {status}: completed sets paidAt on the server, the others clear it. */
export function useUpdateStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: PaymentStatus }) =>
      apiRequest('PATCH', `${PAYMENTS_KEY}/${id}/status`, { status }),
    onSuccess: () => {
      invalidatePayments(queryClient);
      toast({ title: 'Payment Status Updated' });
    },
    onError: (error) => callFailure(error, 'Failed to update payment status'),
  });
}
