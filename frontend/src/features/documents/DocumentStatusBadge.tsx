import type { TDocument } from '@app/contracts/api/documents';
import { type BadgeAudience, documentBadge, type StatusTone } from './document-status';

const TONES: Record<StatusTone, string> = {
  green: 'bg-green-100 text-green-900',
  yellow: 'bg-amber-100 text-amber-900',
  grey: 'bg-slate-200 text-slate-800',
};

/** A document's status: signed green, pending yellow, anything else (Void, Replaced) grey. */
export function DocumentStatusBadge({
  doc,
  label,
  audience,
}: {
  doc?: Parameters<typeof documentBadge>[0];
  /** 'staff': a client's upload not yet reviewed reads 'Pending review'. */
  audience?: BadgeAudience;
  /** A fixed status for a row that is not a document yet (a required form not started: Pending). */
  label?: { label: string; tone: StatusTone };
}) {
  const badge = label ?? (doc ? documentBadge(doc, audience) : { label: 'Pending', tone: 'yellow' as const });
  return (
    <span
      data-testid="document-status"
      className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[badge.tone]}`}
    >
      {badge.label}
    </span>
  );
}

export const documentTypeLabel = (type: TDocument['type']) =>
  type === 'form' ? 'Form' : type === 'photo' ? 'Photo' : 'File';
