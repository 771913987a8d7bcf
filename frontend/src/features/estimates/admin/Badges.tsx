import { ESTIMATE_STATUS_LABELS, type TEstimateStatus } from '@app/contracts/api/estimates';
import { QUOTE_KIND_LABELS, type QuoteKind } from '@app/contracts/estimates/calculate';

const badge = 'inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap';

const KIND_COLOURS: Record<QuoteKind, string> = {
  starlink: 'bg-indigo-100 text-indigo-900',
  cameras: 'bg-sky-100 text-sky-900',
  consultation: 'bg-slate-200 text-slate-800',
};

/** Starlink / Security Cameras / Consultation (spec part 2, section 4 "Estimate page"). */
export function KindBadge({ kind }: { kind: QuoteKind }) {
  return (
    <span data-testid="estimate-kind" className={`${badge} ${KIND_COLOURS[kind]}`}>
      {QUOTE_KIND_LABELS[kind]}
    </span>
  );
}

const STATUS_COLOURS: Record<TEstimateStatus, string> = {
  draft: 'bg-slate-200 text-slate-800',
  sent: 'bg-amber-100 text-amber-900',
  accepted: 'bg-green-100 text-green-900',
  declined: 'bg-red-100 text-red-900',
};

export function EstimateStatusBadge({ status }: { status: TEstimateStatus }) {
  return (
    <span data-testid="estimate-status" className={`${badge} ${STATUS_COLOURS[status]}`}>
      {ESTIMATE_STATUS_LABELS[status]}
    </span>
  );
}
