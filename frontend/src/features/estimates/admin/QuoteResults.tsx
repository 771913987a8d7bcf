import type { Quote, QuoteInput } from '@app/contracts/estimates/calculate';
import type { Pricing } from '@app/contracts/estimates/pricing';
import { Link } from '@tanstack/react-router';
import { type Ref, useId } from 'react';
import { Button } from '../../../ui/Button';
import { formatCents } from '../money';
import { CostBreakdown } from './CostBreakdown';

export type SavedQuote = { id: number; quoteNumber: string | null; projectId: number | null };

/**
 * The calculator's answer: total, breakdown, timeline, description, recommendations, and what can be done
 * with it. It follows the form as it is edited; `saved` is the estimate it was saved as, if it was.
 */
export function QuoteResults({
  quote,
  input,
  pricing,
  saved,
  changedSinceSave,
  busy,
  headingRef,
  onSave,
  onPdf,
  onCreateProject,
}: {
  quote: Quote;
  input: QuoteInput;
  pricing: Pricing;
  saved: SavedQuote | null;
  changedSinceSave: boolean;
  busy: boolean;
  headingRef: Ref<HTMLHeadingElement>;
  onSave: () => void;
  onPdf: () => void;
  onCreateProject: () => void;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-5 rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3
            id={headingId}
            ref={headingRef}
            tabIndex={-1}
            className="text-base font-semibold text-slate-900"
          >
            Your Quote
          </h3>
          <p data-testid="quote-total" className="text-3xl font-bold text-slate-900 tabular-nums">
            {formatCents(quote.totalCents)}
          </p>
        </div>
        <Button variant="outline" disabled={busy} onClick={onPdf}>
          Save as PDF Quote
        </Button>
      </div>

      <div>
        <h4 className="text-sm font-semibold text-slate-900">Cost Breakdown</h4>
        <CostBreakdown
          input={input}
          breakdown={quote.breakdown}
          laborHours={quote.laborHours}
          multiplier={quote.multiplier}
          pricing={pricing}
          totalCents={quote.totalCents}
        />
      </div>
      <div>
        <h4 className="text-sm font-semibold text-slate-900">Timeline</h4>
        <p data-testid="quote-timeline" className="text-sm text-slate-800">
          {quote.timeline}
        </p>
      </div>
      <div>
        <h4 className="text-sm font-semibold text-slate-900">Description</h4>
        <p className="text-sm text-slate-800">{quote.description}</p>
      </div>
      <div>
        <h4 className="text-sm font-semibold text-slate-900">Recommendations</h4>
        {quote.recommendations.length === 0 ? (
          <p className="text-sm text-slate-700">No recommendations for this quote.</p>
        ) : (
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-800">
            {quote.recommendations.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        )}
      </div>

      <div className="flex flex-wrap items-center gap-2 border-t border-slate-200 pt-4">
        <Button disabled={busy || (saved !== null && !changedSinceSave)} onClick={onSave}>
          {saved === null ? 'Save Estimate' : changedSinceSave ? 'Save Changes' : 'Saved'}
        </Button>
        {saved?.projectId ? (
          <Link
            to="/admin/job/$id"
            params={{ id: String(saved.projectId) }}
            className="text-sm font-medium text-blue-700 underline"
          >
            Open Project
          </Link>
        ) : (
          <Button variant="outline" disabled={busy} onClick={onCreateProject}>
            Create Project
          </Button>
        )}
        {saved && (
          <Link
            to="/admin/estimate/$id"
            params={{ id: String(saved.id) }}
            className="text-sm font-medium text-blue-700 underline"
          >
            View Estimate{saved.quoteNumber ? ` ${saved.quoteNumber}` : ''}
          </Link>
        )}
      </div>
    </section>
  );
}
