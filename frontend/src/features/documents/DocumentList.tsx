import type { TDocument } from '@app/contracts/api/documents';
import { useState } from 'react';
import { failureText } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { useDeleteDocument, useReviewDocument } from './api';
import { DocumentDialog } from './DocumentDialog';
import { DocumentPreview } from './DocumentPreview';
import { DocumentStatusBadge, documentTypeLabel } from './DocumentStatusBadge';
import { awaitsReview, type BadgeAudience, sizeInKb } from './document-status';

export const deleteDocumentConfirmation = (title: string) =>
  `Are you sure you want to delete "${title}"? This action cannot be undone.`;

/** The newest first, for the lists of one project's or one client's documents. */
export const newestFirst = (docs: readonly TDocument[]) =>
  [...docs].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);

/**
 * Opening a document from a list: a form where it is read and signed (DocumentDialog), a file in the
 * 'Document Preview'. Render `dialogs` once next to the lists that call `open`.
 */
export function useOpenDocument() {
  const [opened, setOpened] = useState<number | null>(null);
  const [previewed, setPreviewed] = useState<TDocument | null>(null);
  return {
    open: (doc: TDocument) => (doc.type === 'form' ? setOpened(doc.id) : setPreviewed(doc)),
    openForm: (id: number) => setOpened(id),
    dialogs: (
      <>
        <DocumentDialog documentId={opened} onClose={() => setOpened(null)} />
        <DocumentPreview document={previewed} onClose={() => setPreviewed(null)} />
      </>
    ),
  };
}

type ListQuery = { isPending: boolean; isError: boolean; error: Error | null; refetch: () => unknown };

/**
 * A list of documents (the project dialog's Documents tab, the client job page, the admin's view of a
 * client's portal): title, type, size, project (when asked), date, the status badge and View; for staff,
 * 'Mark as Reviewed' on a client's upload waiting for review, and Delete after the confirmation.
 * Loading, error (with Retry) and empty states come from the list's query.
 */
export function DocumentList({
  query,
  docs,
  empty,
  onOpen,
  audience = 'client',
  removable = false,
  reviewable = false,
  projectTitleOf,
  testId = 'project-document',
}: {
  query: ListQuery;
  docs: readonly TDocument[];
  empty: string;
  onOpen: (doc: TDocument) => void;
  audience?: BadgeAudience;
  removable?: boolean;
  reviewable?: boolean;
  /** The project a document belongs to, named on its row (lists spanning several projects). */
  projectTitleOf?: (doc: TDocument) => string | undefined;
  testId?: string;
}) {
  const remove = useDeleteDocument();
  const review = useReviewDocument();
  if (query.isPending) return <Spinner label="Loading documents" />;
  if (query.isError)
    return (
      <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
        {failureText(query.error, 'Could not load the documents.')}{' '}
        <Button variant="outline" className="ml-2" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </div>
    );
  if (docs.length === 0)
    return (
      <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-700">
        {empty}
      </p>
    );
  return (
    <ul className="divide-y divide-slate-200 rounded-md border border-slate-200">
      {docs.map((doc) => {
        const deleting = remove.isPending && remove.variables?.id === doc.id;
        const reviewing = review.isPending && review.variables?.id === doc.id;
        const project = projectTitleOf?.(doc);
        return (
          <li key={doc.id} data-testid={testId} className="flex flex-wrap items-center gap-3 p-3">
            <div className="min-w-0 flex-1">
              <p className="break-words text-sm font-medium text-slate-900">{doc.title}</p>
              <p className="text-xs text-slate-700">
                {documentTypeLabel(doc.type)}
                {doc.size !== null && ` · ${sizeInKb(doc.size)}`}
                {project && ` · ${project}`} · {formatDate(doc.createdAt)}
              </p>
            </div>
            <DocumentStatusBadge doc={doc} audience={audience} />
            <Button variant="outline" aria-label={`View ${doc.title}`} onClick={() => onOpen(doc)}>
              View
            </Button>
            {reviewable && awaitsReview(doc) && (
              <Button
                variant="outline"
                aria-label={`Mark ${doc.title} as Reviewed`}
                disabled={review.isPending}
                onClick={() => review.mutate(doc)}
              >
                {reviewing ? 'Saving...' : 'Mark as Reviewed'}
              </Button>
            )}
            {removable && (
              <Button
                variant="ghost"
                aria-label={`Delete ${doc.title}`}
                disabled={remove.isPending}
                onClick={() => {
                  if (window.confirm(deleteDocumentConfirmation(doc.title))) remove.mutate(doc);
                }}
              >
                {deleting ? 'Deleting...' : 'Delete'}
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
