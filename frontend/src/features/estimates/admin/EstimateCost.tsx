import type { TEstimate } from '@app/contracts/api/estimates';
import type { Quote, QuoteInput } from '@app/contracts/estimates/calculate';
import { fromCents, type Pricing } from '@app/contracts/estimates/pricing';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import { formatCents } from '../money';
import { CostBreakdown } from './CostBreakdown';
import type { EstimateDraft } from './estimate-draft';

/**
 * The estimate's cost: the calculated breakdown, and the total the client pays, which the admin may set by
 * hand while editing (the calculated total stays shown beside it).
 */
export function EstimateCost({
  estimate,
  input,
  pricing,
  draft,
  preview,
  onChange,
}: {
  estimate: TEstimate;
  /** What the shown breakdown was priced from: the stored estimate's, or the draft's while editing. */
  input: QuoteInput;
  pricing: Pricing;
  draft: EstimateDraft | null;
  /** The draft priced with the estimate's pricing; null while the draft is out of bounds. */
  preview: Quote | null;
  onChange: (draft: EstimateDraft) => void;
}) {
  const calculated = draft ? preview : null;
  const totalCents = draft ? (preview?.totalCents ?? null) : estimate.calculatedTotalCents;
  return (
    <section
      aria-labelledby="estimate-cost"
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="estimate-cost" className="text-lg font-semibold text-slate-900">
        Total Cost
      </h2>
      {draft ? (
        <div>
          <TextField
            label="Total cost ($)"
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            value={draft.totalCost ?? (totalCents === null ? '' : String(fromCents(totalCents)))}
            hint={
              draft.totalCost === null
                ? 'The calculated total. Type another to adjust it.'
                : 'An adjusted total.'
            }
            onChange={(event) => onChange({ ...draft, totalCost: event.target.value })}
          />
          <p className="mt-2 text-sm text-slate-800">
            Calculated total:{' '}
            <span data-testid="calculated-total" className="font-semibold">
              {totalCents === null ? 'not available' : formatCents(totalCents)}
            </span>
          </p>
          {draft.totalCost !== null && (
            <Button
              variant="ghost"
              className="mt-1 px-2 py-1"
              onClick={() => onChange({ ...draft, totalCost: null })}
            >
              Use calculated total
            </Button>
          )}
        </div>
      ) : (
        <div>
          <p data-testid="estimate-total" className="text-3xl font-bold text-slate-900 tabular-nums">
            {formatCents(estimate.totalCents)}
          </p>
          {estimate.adjusted && (
            <p className="text-sm text-slate-800">
              Adjusted total. Calculated total:{' '}
              <span data-testid="calculated-total" className="font-semibold">
                {formatCents(estimate.calculatedTotalCents)}
              </span>
            </p>
          )}
          <p className="mt-1 text-sm text-slate-700">Timeline: {estimate.timeline}</p>
        </div>
      )}
      <div>
        <h3 className="text-sm font-semibold text-slate-900">Cost Breakdown</h3>
        {calculated || !draft ? (
          <CostBreakdown
            input={input}
            breakdown={calculated?.breakdown ?? estimate.breakdown}
            laborHours={calculated?.laborHours ?? estimate.laborHours}
            multiplier={calculated?.multiplier ?? estimate.multiplier}
            pricing={pricing}
            totalCents={calculated?.totalCents ?? estimate.calculatedTotalCents}
            totalLabel="Calculated total"
          />
        ) : (
          <p className="text-sm text-slate-700">Fix the form to see the breakdown.</p>
        )}
      </div>
    </section>
  );
}
