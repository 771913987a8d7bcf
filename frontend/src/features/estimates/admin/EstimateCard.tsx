import type { TEstimate } from '@app/contracts/api/estimates';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { formatDate } from '../../../lib/format';
import { Button, buttonClass } from '../../../ui/Button';
import { formatCents } from '../money';
import { EstimateStatusBadge, KindBadge } from './Badges';

export function EstimateCard({
  estimate,
  exporting,
  onExport,
}: {
  estimate: TEstimate;
  exporting: boolean;
  onExport: (id: number) => void;
}) {
  const headingId = useId();
  return (
    <article
      data-testid="estimate-card"
      aria-labelledby={headingId}
      className="flex h-full flex-col rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="truncate text-base font-semibold text-slate-900">
            {estimate.title}
          </h3>
          <p className="text-sm text-slate-700">
            {estimate.quoteNumber} · {estimate.clientName ?? 'No client'}
          </p>
        </div>
        <EstimateStatusBadge status={estimate.status} />
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <KindBadge kind={estimate.kind} />
        {estimate.location && <span className="text-sm text-slate-700">{estimate.location}</span>}
      </div>
      <p className="mt-3 text-2xl font-bold text-slate-900 tabular-nums" data-testid="estimate-total">
        {formatCents(estimate.totalCents)}
      </p>
      <p className="text-xs text-slate-700">
        Created {formatDate(estimate.createdAt)} · {estimate.timeline}
      </p>
      <div className="mt-auto flex flex-wrap gap-2 pt-4">
        <Link
          to="/admin/estimate/$id"
          params={{ id: String(estimate.id) }}
          className={buttonClass('primary')}
          aria-describedby={headingId}
        >
          View
        </Link>
        <Button
          variant="outline"
          disabled={exporting}
          aria-describedby={headingId}
          onClick={() => onExport(estimate.id)}
        >
          Export
        </Button>
      </div>
    </article>
  );
}
