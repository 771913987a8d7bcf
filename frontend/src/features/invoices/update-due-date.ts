import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { callFailure } from '../../lib/failure';
import { toast } from '../../ui/toast-store';
import { invalidatePayments } from './invalidate';
import { INVOICES_KEY } from './payments-query';

/** PATCH /api/invoices/{id}/due-date {dueDate}. */
export function useUpdateDueDate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, dueDate }: { id: number; dueDate: string }) =>
      apiRequest('PATCH', `${INVOICES_KEY}/${id}/due-date`, { dueDate }),
    onSuccess: () => {
      invalidatePayments(queryClient);
      toast({ title: 'Due Date Updated' });
    },
    onError: (error) => callFailure(error, 'Failed to update due date'),
  });
}
