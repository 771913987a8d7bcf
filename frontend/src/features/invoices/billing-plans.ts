import type { TBillingPlan, TCreateBillingPlanBody } from '@app/contracts/api/billing';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, createRecord, isAccepted } from '../../lib/api';
import { callFailure } from '../../lib/failure';
import { toast } from '../../ui/toast-store';

/** Recurring billing plans (issue 15.8): the admin's list, a new plan, and Stop. */
export const BILLING_PLANS_KEY = '/api/billing-plans';

/** GET /api/billing-plans: every plan, newest first. */
export const billingPlansQuery = queryOptions<TBillingPlan[]>({ queryKey: [BILLING_PLANS_KEY] });

/** POST /api/billing-plans, with an Idempotency-Key: a retry never makes a second plan. */
export function useCreateBillingPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateBillingPlanBody) => createRecord<TBillingPlan>(BILLING_PLANS_KEY, body),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: [BILLING_PLANS_KEY] });
      toast({
        title: 'Billing Plan Created',
        description: isAccepted(answer) ? answer.message : 'The plan bills from its first billing day.',
      });
    },
    onError: (error) => callFailure(error, 'Failed to create billing plan'),
  });
}

export const STOP_PLAN_CONFIRMATION =
  'Are you sure you want to stop this billing plan? No more invoices will be issued for it.';

/** POST /api/billing-plans/{id}/stop. */
export function useStopBillingPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest('POST', `${BILLING_PLANS_KEY}/${id}/stop`),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [BILLING_PLANS_KEY] });
      toast({ title: 'Billing Plan Stopped', description: 'No more invoices will be issued for it.' });
    },
    onError: (error) => callFailure(error, 'Failed to stop billing plan'),
  });
}
