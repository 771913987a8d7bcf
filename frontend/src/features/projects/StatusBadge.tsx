import type { TProjectStatus } from '@app/contracts/api/projects';
import { statusLabel } from './labels';

const COLOURS: Record<TProjectStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  approved: 'bg-sky-100 text-sky-900',
  in_progress: 'bg-blue-100 text-blue-900',
  completed: 'bg-green-100 text-green-900',
  cancelled: 'bg-slate-200 text-slate-800',
};

export function StatusBadge({ status }: { status: TProjectStatus }) {
  return (
    <span
      data-testid="project-status"
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${COLOURS[status] ?? COLOURS.cancelled}`}
    >
      {statusLabel(status)}
    </span>
  );
}
