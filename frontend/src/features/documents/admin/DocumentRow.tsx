import type { TDocument } from '@app/contracts/api/documents';
import { formatDate } from '../../../lib/format';
import { Button } from '../../../ui/Button';
import { canDownload, downloadDocument } from '../DocumentPreview';
import { awaitsReview } from '../document-status';
import { canSign, rowStatusLabel, TYPE_LABELS } from './document-list';

const BADGE: Record<string, string> = {
  Signed: 'bg-green-100 text-green-900',
  Pending: 'bg-amber-100 text-amber-900',
  'Pending review': 'bg-amber-100 text-amber-900',
};

/**
 * One document: title, type, created date, a form's Signed / Pending (a client's upload 'Pending review'),
 * and its actions.
 */
export function DocumentRow({
  doc,
  onView,
  onSign,
  onReview,
  reviewing,
  onDelete,
}: {
  doc: TDocument;
  onView: (doc: TDocument) => void;
  onSign: (doc: TDocument) => void;
  onReview: (doc: TDocument) => void;
  /** The document whose review is being sent, if any. */
  reviewing: number | null;
  onDelete: (doc: TDocument) => void;
}) {
  const status = rowStatusLabel(doc);
  return (
    <li data-testid="document-row" className="flex flex-wrap items-center gap-3 p-3">
      {/* At least 10rem wide: on a phone the buttons go under the title rather than squeezing it. */}
      <div className="min-w-40 flex-1">
        <p className="truncate text-sm font-medium text-slate-900">{doc.title}</p>
        <p className="text-xs text-slate-700">
          {TYPE_LABELS[doc.type]} · {formatDate(doc.createdAt)}
          {doc.filename && doc.filename !== doc.title ? ` · ${doc.filename}` : ''}
        </p>
      </div>
      {status && (
        <span
          data-testid="document-status"
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${BADGE[status] ?? 'bg-slate-200 text-slate-800'}`}
        >
          {status}
        </span>
      )}
      <div className="flex flex-wrap gap-1">
        <Button variant="ghost" aria-label={`View ${doc.title}`} onClick={() => onView(doc)}>
          View
        </Button>
        {canDownload(doc) && (
          <Button
            variant="ghost"
            aria-label={`Download ${doc.title}`}
            onClick={() => void downloadDocument(doc)}
          >
            Download
          </Button>
        )}
        {canSign(doc) && (
          <Button variant="ghost" aria-label={`Sign ${doc.title}`} onClick={() => onSign(doc)}>
            Sign
          </Button>
        )}
        {awaitsReview(doc) && (
          <Button
            variant="ghost"
            aria-label={`Mark ${doc.title} as Reviewed`}
            disabled={reviewing !== null}
            onClick={() => onReview(doc)}
          >
            {reviewing === doc.id ? 'Saving...' : 'Mark as Reviewed'}
          </Button>
        )}
        <Button
          variant="ghost"
          className="text-red-800 hover:bg-red-50"
          aria-label={`Delete ${doc.title}`}
          onClick={() => onDelete(doc)}
        >
          Delete
        </Button>
      </div>
    </li>
  );
}
