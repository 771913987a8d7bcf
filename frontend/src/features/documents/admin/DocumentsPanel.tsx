import type { TDocument, TDocumentListItem } from '@app/contracts/api/documents';
import type { FormDefinition } from '@app/contracts/forms/definition';
import { type DragEvent, useState } from 'react';
import { failureText } from '../../../lib/api';
import { usePagedList, useSettled } from '../../../lib/paged-list';
import { Button } from '../../../ui/Button';
import { SelectField, TextField } from '../../../ui/Field';
import { PagedFooter } from '../../../ui/ShowMore';
import { Spinner } from '../../../ui/Spinner';
import { ClientPicker } from '../../clients/ClientPicker';
import { DOCUMENTS_KEY, useDeleteDocument, useReviewDocument, useSignDocument } from '../api';
import { DocumentPreview } from '../DocumentPreview';
import { SignatureDialog } from '../SignatureDialog';
import { DocumentGroupList } from './DocumentGroupList';
import {
  type DocumentFilters,
  deleteConfirmation,
  documentsParams,
  groupDocuments,
  isFiltered,
  NO_DOCUMENT_FILTERS,
  projectsOfRows,
  STATUS_FILTERS,
  showingText,
  TYPE_FILTERS,
} from './document-list';
import { checkedFiles, UploadDialog } from './UploadDialog';

const hasFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

/**
 * The Documents tab (spec part 2, section 2.4a): 'Project Documents' grouped by project plus 'Unassigned
 * Documents', the type filter, each row's view, download, sign, review (a client's upload) and delete, and
 * Upload (also by dropping files onto the panel). The server searches, filters and pages the documents, newest
 * first (issue 23); the rows loaded so far are grouped by the project title and client each row carries.
 */
export function DocumentsPanel({
  definitionOf,
}: {
  /** A custom form's definition for a document made from it (the templates are known to the preview). */
  definitionOf: (doc: TDocument) => Pick<FormDefinition, 'sections'> | undefined;
}) {
  const [filters, setFilters] = useState<DocumentFilters>(NO_DOCUMENT_FILTERS);
  const settled = useSettled(filters);
  const documents = usePagedList<TDocumentListItem>(DOCUMENTS_KEY, documentsParams(settled));
  const [viewing, setViewing] = useState<TDocument | null>(null);
  const [signing, setSigning] = useState<TDocument | null>(null);
  const [uploading, setUploading] = useState<{ dropped?: ReturnType<typeof checkedFiles> } | null>(null);
  const [dragging, setDragging] = useState(false);
  const sign = useSignDocument();
  const remove = useDeleteDocument();
  const review = useReviewDocument();
  const rows = documents.items;
  const groups = groupDocuments(rows, projectsOfRows(rows));
  const setFilter = (type: DocumentFilters['type']) => setFilters({ ...filters, type });

  const onDelete = (doc: TDocument) => {
    if (window.confirm(deleteConfirmation(doc.title))) remove.mutate(doc);
  };
  const onDrop = (event: DragEvent) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    setDragging(false);
    const files = [...event.dataTransfer.files];
    if (files.length > 0) setUploading({ dropped: checkedFiles(files) });
  };

  return (
    <section
      aria-labelledby="project-documents-heading"
      data-testid="documents-panel"
      onDragOver={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={onDrop}
      className={`space-y-4 rounded-lg ${dragging ? 'outline-2 outline-dashed outline-blue-700' : ''}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h3 id="project-documents-heading" className="text-lg font-semibold text-slate-900">
            Project Documents
          </h3>
          <p className="text-sm text-slate-700">Drop files here to upload them.</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <fieldset className="flex gap-1" aria-label="Filter by type">
            {TYPE_FILTERS.map((option) => (
              <Button
                key={option.id}
                variant={filters.type === option.id ? 'primary' : 'outline'}
                aria-pressed={filters.type === option.id}
                onClick={() => setFilter(option.id)}
              >
                {option.label}
              </Button>
            ))}
          </fieldset>
          <Button onClick={() => setUploading({})}>Upload</Button>
        </div>
      </div>

      <search aria-label="Filter documents" className="flex flex-wrap items-end gap-4">
        <div className="min-w-56 flex-1">
          <TextField
            label="Search documents"
            type="search"
            placeholder="Title, file name, project or client"
            value={filters.search}
            onChange={(event) => setFilters({ ...filters, search: event.target.value })}
          />
        </div>
        <div className="w-44">
          <SelectField
            label="State"
            options={STATUS_FILTERS}
            value={filters.status}
            onChange={(event) =>
              setFilters({ ...filters, status: event.target.value as DocumentFilters['status'] })
            }
          />
        </div>
        <div className="w-full sm:w-72">
          <ClientPicker
            label="Client"
            clientId={filters.clientId === '' ? null : Number(filters.clientId)}
            onChange={(client) => setFilters({ ...filters, clientId: client ? String(client.id) : '' })}
          />
        </div>
        <Button
          variant="outline"
          disabled={!isFiltered(filters)}
          onClick={() => setFilters(NO_DOCUMENT_FILTERS)}
        >
          Clear Filters
        </Button>
      </search>

      {documents.isPending ? (
        <div className="grid place-items-center py-12">
          <Spinner label="Loading documents" />
        </div>
      ) : documents.isError ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
          <p>{failureText(documents.error, 'Could not load documents.')}</p>
          <Button variant="outline" className="mt-3" onClick={() => void documents.refetch()}>
            Try Again
          </Button>
        </div>
      ) : (
        <>
          {groups.length === 0 ? (
            <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
              No documents found
              {isFiltered(settled) && (
                <span className="block text-sm">No document matches the search and filters.</span>
              )}
            </p>
          ) : (
            <DocumentGroupList
              groups={groups}
              onView={setViewing}
              onSign={setSigning}
              onReview={(doc) => review.mutate(doc)}
              reviewing={review.isPending ? (review.variables?.id ?? null) : null}
              onDelete={onDelete}
            />
          )}
          <PagedFooter
            list={documents}
            shown={rows.length}
            showing={showingText}
            label="Show More Documents"
          />
        </>
      )}

      <DocumentPreview
        document={viewing}
        onClose={() => setViewing(null)}
        definition={viewing ? definitionOf(viewing) : undefined}
      />
      <SignatureDialog
        open={signing !== null}
        documentTitle={signing?.title}
        pending={sign.isPending}
        onClose={() => setSigning(null)}
        onSubmit={(signatureData) =>
          signing && sign.mutate({ id: signing.id, signatureData }, { onSuccess: () => setSigning(null) })
        }
      />
      <UploadDialog
        open={uploading !== null}
        onClose={() => setUploading(null)}
        dropped={uploading?.dropped}
      />
    </section>
  );
}
