import type { TBillingPlan } from '@app/contracts/api/billing';
import { BILLING_SERVICE_LABELS } from '@app/contracts/billing/rules';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { failureText } from '../../../lib/api';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { Spinner } from '../../../ui/Spinner';
import { billingPlansQuery, STOP_PLAN_CONFIRMATION, useStopBillingPlan } from '../billing-plans';
import { centsToUsd } from '../payment-list';
import { NewPlanDialog } from './NewPlanDialog';

/** The Payments view's Recurring Billing: each plan's service, client, amount and next billing date; Stop; New Plan. */
export function RecurringBilling() {
  const plans = useQuery(billingPlansQuery);
  const [creating, setCreating] = useState(false);
  const [stopping, setStopping] = useState<TBillingPlan | null>(null);
  const rows = plans.data ?? [];
  return (
    <section aria-labelledby="recurring-billing" className="space-y-3 pt-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="recurring-billing" className="text-lg font-semibold text-slate-900">
          Recurring Billing
        </h3>
        <Button variant="outline" onClick={() => setCreating(true)}>
          New Plan
        </Button>
      </div>
      {plans.isPending ? (
        <Spinner label="Loading billing plans" />
      ) : plans.isError ? (
        <p role="alert" className="text-sm text-red-900">
          {failureText(plans.error, 'Could not load the billing plans.')}
        </p>
      ) : rows.length === 0 ? (
        <p className="py-4 text-center text-sm text-slate-700">No recurring billing plans</p>
      ) : (
        <ul className="space-y-2">
          {rows.map((plan) => (
            <li
              key={plan.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 bg-white p-3"
            >
              <div className="text-sm">
                <p className="font-medium text-slate-900">
                  {BILLING_SERVICE_LABELS[plan.service]}: {plan.description}
                </p>
                <p className="text-slate-700">
                  {plan.clientName ?? `Client ${plan.clientId}`} · {centsToUsd(plan.amountCents)}{' '}
                  {plan.interval === 'monthly' ? 'a month' : 'a year'} ·{' '}
                  {plan.status === 'active' ? `Next billing ${plan.nextBillingDate ?? '-'}` : 'Stopped'}
                </p>
              </div>
              {plan.status === 'active' && (
                <Button variant="outline" onClick={() => setStopping(plan)}>
                  Stop
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <NewPlanDialog open={creating} onClose={() => setCreating(false)} />
      {stopping && <StopPlanDialog plan={stopping} onClose={() => setStopping(null)} />}
    </section>
  );
}

function StopPlanDialog({ plan, onClose }: { plan: TBillingPlan; onClose: () => void }) {
  const stop = useStopBillingPlan();
  return (
    <Dialog open onClose={onClose} title={`Stop ${BILLING_SERVICE_LABELS[plan.service]}`}>
      <p className="text-sm text-slate-800">{STOP_PLAN_CONFIRMATION}</p>
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button
          variant="danger"
          disabled={stop.isPending}
          onClick={() => stop.mutate(plan.id, { onSuccess: onClose })}
        >
          Stop Plan
        </Button>
      </div>
    </Dialog>
  );
}
