import type { RequestSet, SummaryCounts } from './consultation-list';
import { STATUS_LABELS } from './labels';

const SET_NAMES: Record<RequestSet, string> = { active: 'Active Requests', previous: 'Previous Requests' };
const TILES = ['total', 'pending', 'contacted', 'scheduled', 'completed', 'cancelled'] as const;

export function SummaryTiles({ counts, set }: { counts: SummaryCounts; set: RequestSet }) {
  const heading = `Summary of ${SET_NAMES[set]}`;
  return (
    <section aria-label={heading}>
      <h3 className="text-sm font-medium text-slate-700">{heading}</h3>
      <dl className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6">
        {TILES.map((tile) => (
          <div key={tile} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
            <dt className="text-sm text-slate-700">{tile === 'total' ? 'Total' : STATUS_LABELS[tile]}</dt>
            <dd className="mt-1 text-2xl font-semibold text-slate-900" data-testid={`summary-${tile}`}>
              {counts[tile]}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
