import type { TrackingCounts } from './tracking-list';

const TILES: { key: keyof TrackingCounts; label: string }[] = [
  { key: 'total', label: 'Total Jobs' },
  { key: 'pending', label: 'Pending' },
  { key: 'in_progress', label: 'In Progress' },
  { key: 'completed', label: 'Completed' },
  { key: 'cancelled', label: 'Cancelled' },
];

/** The five counts (a dash while they load); Pending includes approved jobs not yet started. */
export function TrackingSummary({ counts }: { counts: TrackingCounts | null }) {
  return (
    <section aria-label="Job summary">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5">
        {TILES.map((tile) => (
          <div key={tile.key} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
            <dt className="text-sm text-slate-700">{tile.label}</dt>
            <dd className="mt-1 text-2xl font-semibold text-slate-900" data-testid={`jobs-${tile.key}`}>
              {counts ? counts[tile.key] : '–'}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
