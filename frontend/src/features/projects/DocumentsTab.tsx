import { useQuery } from '@tanstack/react-query';
import { type ChangeEvent, useId, useState } from 'react';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { projectDocumentsQuery, useUploadDocuments } from '../documents/api';
import { DocumentList, newestFirst, useOpenDocument } from '../documents/DocumentList';
import { RequiredDocumentList } from '../documents/RequiredDocumentList';

/** What the project dialog takes for upload (spec part 1, section 5), several at a time. */
export const PROJECT_DOCUMENT_ACCEPT = '.pdf,.doc,.docx,.jpg,.jpeg,.png,.txt';

/**
 * The project dialog's Documents tab (spec part 1, section 2): the three required documents, real forms a
 * client fills and signs (each Pending until a signed one exists for the project, then Signed); the
 * uploaded files, sent to the server and pending until staff review them ('Mark as Reviewed' in the
 * editable dialog); 'View All Documents'. Clients and staff both upload; only staff (the editable dialog)
 * review and remove.
 */
export function DocumentsTab({ projectId, readOnly }: { projectId: number; readOnly: boolean }) {
  const id = useId();
  const query = useQuery(projectDocumentsQuery(projectId));
  const opener = useOpenDocument();
  const [showAll, setShowAll] = useState(false);
  const docs = query.data ?? [];
  const uploaded = newestFirst(docs.filter((doc) => doc.type !== 'form'));
  const actions = {
    audience: readOnly ? ('client' as const) : ('staff' as const),
    removable: !readOnly,
    reviewable: !readOnly,
  };

  return (
    <div className="space-y-6">
      <RequiredDocumentList
        docs={docs}
        projectId={projectId}
        loading={query.isPending}
        canFill={readOnly}
        onOpen={opener.openForm}
      />

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
          onOpen={opener.open}
          {...actions}
        />
        <Button variant="outline" onClick={() => setShowAll(true)}>
          View All Documents
        </Button>
      </section>

      <Dialog open={showAll} onClose={() => setShowAll(false)} wide title="All Project Documents">
        <DocumentList
          query={query}
          docs={newestFirst(docs)}
          empty="No documents found"
          onOpen={opener.open}
          {...actions}
        />
      </Dialog>
      {opener.dialogs}
    </div>
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
