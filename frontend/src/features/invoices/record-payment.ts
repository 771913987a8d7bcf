import type { PaymentMethod } from '@app/contracts/invoices/rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { callFailure } from '../../lib/failure';
import { toast } from '../../ui/toast-store';
import { invalidatePayments } from './invalidate';
import { PAYMENTS_KEY } from './payments-query';

export type RecordPaymentBody = {
  paymentMethod: PaymentMethod;
  customMethod?: string;
  transactionId?: string;
  /** Dollars as typed; left out, the whole remaining balance. */
  amount?: string;
};

/** PATCH /api/payments/{id}/confirm: money received offline (cash, check, Venmo...), whole or in part. */
export function useRecordPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: RecordPaymentBody }) =>
      apiRequest('PATCH', `${PAYMENTS_KEY}/${id}/confirm`, body),
    onSuccess: () => {
      invalidatePayments(queryClient);
      toast({ title: 'Payment Recorded' });
    },
    onError: (error) => callFailure(error, 'Failed to update payment status'),
  });
}
