import type { TDocument } from '@app/contracts/api/documents';
import type { FormTemplate } from '@app/contracts/forms/templates';
import { useQuery } from '@tanstack/react-query';
import { type ChangeEvent, useId, useState } from 'react';
import { failureText } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Spinner } from '../../ui/Spinner';
import { projectDocumentsQuery, useDeleteDocument, useUploadDocuments } from '../documents/api';
import { DocumentDialog } from '../documents/DocumentDialog';
import { DocumentPreview } from '../documents/DocumentPreview';
import { DocumentStatusBadge, documentTypeLabel } from '../documents/DocumentStatusBadge';
import { requiredDocuments, sizeInKb } from '../documents/document-status';
import { RequiredFormDialog } from '../documents/RequiredFormDialog';

/** What the project dialog takes for upload (spec part 1, section 5), several at a time. */
export const PROJECT_DOCUMENT_ACCEPT = '.pdf,.doc,.docx,.jpg,.jpeg,.png,.txt';

export const deleteDocumentConfirmation = (title: string) =>
  `Are you sure you want to delete "${title}"? This action cannot be undone.`;

/**
 * The project dialog's Documents tab (spec part 1, section 2): the three required documents, real forms a
 * client fills and signs (each Pending until a signed one exists for the project, then Signed); the
 * uploaded files, sent to the server and pending until staff review them; 'View All Documents'. Clients
 * and staff both upload; only staff (the editable dialog) remove.
 */
export function DocumentsTab({ projectId, readOnly }: { projectId: number; readOnly: boolean }) {
  const id = useId();
  const query = useQuery(projectDocumentsQuery(projectId));
  const [opened, setOpened] = useState<number | null>(null);
  const [previewed, setPreviewed] = useState<TDocument | null>(null);
  const [filling, setFilling] = useState<FormTemplate | null>(null);
  const [showAll, setShowAll] = useState(false);
  const docs = query.data ?? [];
  const required = requiredDocuments(docs, projectId);
  // A form opens where it can be read and signed; a file in the 'Document Preview'.
  const open = (doc: TDocument) => (doc.type === 'form' ? setOpened(doc.id) : setPreviewed(doc));
  const uploaded = docs
    .filter((doc) => doc.type !== 'form')
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));

  return (
    <div className="space-y-6">
      <section aria-labelledby={`${id}-required`}>
        <h3 id={`${id}-required`} className="text-base font-semibold text-slate-900">
          Required Documents
        </h3>
        <ul className="mt-3 divide-y divide-slate-200 rounded-md border border-slate-200">
          {required.map(({ template, signed, pending }) => (
            <li
              key={template.id}
              data-testid="required-document"
              className="flex flex-wrap items-center justify-between gap-3 p-3"
            >
              <div className="min-w-0">
                <p className="text-sm font-medium text-slate-900">{template.title}</p>
                <p className="text-xs text-slate-700">PDF Document · Required</p>
              </div>
              <div className="flex items-center gap-2">
                <DocumentStatusBadge
                  label={signed ? { label: 'Signed', tone: 'green' } : { label: 'Pending', tone: 'yellow' }}
                />
                {signed || pending ? (
                  <Button
                    variant="outline"
                    aria-label={`${signed ? 'View' : 'Open'} ${template.title}`}
                    onClick={() => setOpened((signed ?? pending)!.id)}
                  >
                    {signed ? 'View' : 'Open'}
                  </Button>
                ) : (
                  readOnly && (
                    <Button
                      aria-label={`Fill & Sign ${template.title}`}
                      onClick={() => setFilling(template)}
                      disabled={query.isPending}
                    >
                      Fill & Sign
                    </Button>
                  )
                )}
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby={`${id}-uploaded`} className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h3 id={`${id}-uploaded`} className="text-base font-semibold text-slate-900">
            Uploaded Documents
          </h3>
          <Uploader projectId={projectId} />
        </div>
        {readOnly && (
          <p className="text-xs text-slate-700">Files you upload are pending until our staff review them.</p>
        )}
        <DocumentList
          query={query}
          docs={uploaded}
          empty="No documents uploaded yet"
          onOpen={open}
          removable={!readOnly}
        />
        <Button variant="outline" onClick={() => setShowAll(true)}>
          View All Documents
        </Button>
      </section>

      <Dialog open={showAll} onClose={() => setShowAll(false)} wide title="All Project Documents">
        <DocumentList
          query={query}
          docs={[...docs].sort((a, b) => b.createdAt.localeCompare(a.createdAt))}
          empty="No documents found"
          onOpen={open}
          removable={!readOnly}
        />
      </Dialog>
      <DocumentDialog documentId={opened} onClose={() => setOpened(null)} />
      <DocumentPreview document={previewed} onClose={() => setPreviewed(null)} />
      <RequiredFormDialog template={filling} projectId={projectId} onClose={() => setFilling(null)} />
    </div>
  );
}

function DocumentList({
  query,
  docs,
  empty,
  onOpen,
  removable,
}: {
  query: { isPending: boolean; isError: boolean; error: Error | null; refetch: () => unknown };
  docs: TDocument[];
  empty: string;
  onOpen: (doc: TDocument) => void;
  removable: boolean;
}) {
  const remove = useDeleteDocument();
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
        return (
          <li key={doc.id} data-testid="project-document" className="flex flex-wrap items-center gap-3 p-3">
            <div className="min-w-0 flex-1">
              <p className="break-words text-sm font-medium text-slate-900">{doc.title}</p>
              <p className="text-xs text-slate-700">
                {documentTypeLabel(doc.type)}
                {doc.size !== null && ` · ${sizeInKb(doc.size)}`} · {formatDate(doc.createdAt)}
              </p>
            </div>
            <DocumentStatusBadge doc={doc} />
            <Button variant="outline" aria-label={`View ${doc.title}`} onClick={() => onOpen(doc)}>
              View
            </Button>
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

/** Upload: the chosen files go to the server one by one, each with its progress. */
function Uploader({ projectId }: { projectId: number }) {
  const inputId = useId();
  const { upload, uploads } = useUploadDocuments();
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.length > 0) upload.mutate({ files, projectId });
  };
  return (
    <div className="flex flex-col items-end gap-2">
      <label
        htmlFor={inputId}
        className={`inline-flex cursor-pointer items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-900 hover:bg-slate-100 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-blue-700 ${upload.isPending ? 'pointer-events-none opacity-60' : ''}`}
      >
        {upload.isPending ? 'Uploading...' : 'Upload Documents'}
        <input
          id={inputId}
          type="file"
          data-testid="document-upload"
          accept={PROJECT_DOCUMENT_ACCEPT}
          multiple
          disabled={upload.isPending}
          onChange={onChange}
          className="sr-only"
        />
      </label>
      {uploads.length > 0 && (
        <ul className="w-64 space-y-1" aria-label="Uploads in progress">
          {uploads.map((item) => (
            <li key={item.key} className="text-xs text-slate-700">
              <span className="block truncate">{item.name}</span>
              <progress
                className="h-2 w-full"
                max={1}
                value={item.progress}
                aria-label={`Uploading ${item.name}`}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
