import type { TDocument } from '@app/contracts/api/documents';
import { formatDate } from '../../../lib/format';
import { Button } from '../../../ui/Button';
import { DocumentStatusBadge, documentTypeLabel } from '../DocumentStatusBadge';
import { canSign } from '../document-status';

/**
 * The client dashboard's Documents view (spec part 1, section 2): the client's own documents, those
 * waiting for their signature first, each with its status colour; View opens one.
 */
export function ClientDocuments({
  documents,
  projectTitles,
  onOpen,
}: {
  documents: readonly TDocument[];
  projectTitles: ReadonlyMap<number, string>;
  onOpen: (id: number) => void;
}) {
  if (documents.length === 0)
    return (
      <div className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
        <p className="text-base font-semibold text-slate-900">No documents yet</p>
        <p className="mt-1 text-sm text-slate-700">Documents to review and sign will appear here.</p>
      </div>
    );
  const ordered = [...documents].sort(
    (a, b) => Number(canSign(b)) - Number(canSign(a)) || b.createdAt.localeCompare(a.createdAt),
  );
  return (
    <ul
      aria-label="Your documents"
      className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white shadow-sm"
    >
      {ordered.map((doc) => (
        <li key={doc.id} data-testid="client-document" className="flex flex-wrap items-center gap-3 p-4">
          <div className="min-w-0 flex-1">
            <p className="break-words font-medium text-slate-900">{doc.title}</p>
            <p className="text-sm text-slate-700">
              {documentTypeLabel(doc.type)}
              {doc.projectId !== null && projectTitles.has(doc.projectId)
                ? ` · ${projectTitles.get(doc.projectId)}`
                : ''}{' '}
              · {formatDate(doc.createdAt)}
            </p>
            {canSign(doc) && (
              <p className="text-sm text-amber-900">Document ready for review and signature</p>
            )}
            {doc.signatureVoid && (
              <p className="text-sm text-amber-900">
                Replaced by a newer version: please sign the new version.
              </p>
            )}
          </div>
          <DocumentStatusBadge doc={doc} />
          <Button
            variant={canSign(doc) ? 'primary' : 'outline'}
            aria-label={`${canSign(doc) ? 'Review & Sign' : 'View'} ${doc.title}`}
            onClick={() => onOpen(doc.id)}
          >
            {canSign(doc) ? 'Review & Sign' : 'View'}
          </Button>
        </li>
      ))}
    </ul>
  );
}
