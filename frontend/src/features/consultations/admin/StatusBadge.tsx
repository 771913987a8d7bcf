import type { ConsultationStatus } from './consultation-list';
import { STATUS_LABELS } from './labels';

const COLOURS: Record<ConsultationStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  contacted: 'bg-blue-100 text-blue-900',
  scheduled: 'bg-violet-100 text-violet-900',
  completed: 'bg-green-100 text-green-900',
  cancelled: 'bg-slate-200 text-slate-800',
};

export function StatusBadge({ status }: { status: ConsultationStatus }) {
  return (
    <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${COLOURS[status]}`}>
      {STATUS_LABELS[status]}
    </span>
  );
}
