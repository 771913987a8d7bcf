import type { TDocument } from '@app/contracts/api/documents';
import type { FormDefinition } from '@app/contracts/forms/definition';
import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/api';
import { callFailure } from '../../lib/failure';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Spinner } from '../../ui/Spinner';
import {
  documentDownloadUrl,
  documentFileUrl,
  fetchDocumentFile,
  saveDocumentFile,
  signedPdfUrl,
} from './api';
import { FormAnswers } from './FormAnswers';

/** Download of a document's original file, or of a signed form as its signed PDF. */
export function downloadDocument(doc: Pick<TDocument, 'id' | 'title' | 'filename' | 'fileUrl' | 'status'>) {
  const url = doc.fileUrl ? documentDownloadUrl(doc.id) : signedPdfUrl(doc.id);
  const name = doc.filename ?? `${doc.title}-signed.pdf`;
  return saveDocumentFile(url, name).catch((error) => callFailure(error, 'Download failed'));
}

/** A document can be downloaded when it has a file, or is a signed form (as its signed PDF). */
export const canDownload = (doc: Pick<TDocument, 'fileUrl' | 'type' | 'status'>) =>
  doc.fileUrl !== null || (doc.type === 'form' && doc.status === 'completed');

type Shown =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'ready'; url: string; type: string };

function useFileUrl(id: number | null): Shown {
  const [shown, setShown] = useState<Shown>({ state: 'loading' });
  useEffect(() => {
    if (id === null) return;
    let address: string | null = null;
    let cancelled = false;
    setShown({ state: 'loading' });
    fetchDocumentFile(documentFileUrl(id))
      .then(({ blob }) => {
        if (cancelled) return;
        address = URL.createObjectURL(blob);
        setShown({ state: 'ready', url: address, type: blob.type });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        const message =
          error instanceof ApiError && error.status === 404
            ? 'This file is no longer available.'
            : 'The file could not be loaded.';
        setShown({ state: 'error', message });
      });
    return () => {
      cancelled = true;
      if (address) URL.revokeObjectURL(address);
    };
  }, [id]);
  return shown;
}

function FilePreview({ doc }: { doc: TDocument }) {
  const shown = useFileUrl(doc.id);
  if (shown.state === 'loading')
    return (
      <div className="grid place-items-center py-12">
        <Spinner label="Loading document" />
      </div>
    );
  if (shown.state === 'error')
    return (
      <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-900">
        {shown.message}
      </p>
    );
  if (shown.type.startsWith('image/'))
    return <img src={shown.url} alt={doc.title} className="mx-auto max-h-[70vh] max-w-full rounded-md" />;
  if (shown.type === 'application/pdf')
    return (
      <iframe
        title={doc.title}
        src={shown.url}
        className="h-[70vh] w-full rounded-md border border-slate-200"
      />
    );
  return (
    <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-700">
      This file cannot be shown in the page. Use Download to open it.
    </p>
  );
}

/**
 * 'Document Preview': a PDF or an image shown in the page, a form's answers, and otherwise Download
 * (the original file name kept). `definition`: the form's own definition when it is a custom form.
 */
export function DocumentPreview({
  document: doc,
  onClose,
  definition,
}: {
  document: TDocument | null;
  onClose: () => void;
  definition?: Pick<FormDefinition, 'sections'>;
}) {
  const [saving, setSaving] = useState(false);
  const download = async () => {
    if (!doc) return;
    setSaving(true);
    await downloadDocument(doc);
    setSaving(false);
  };
  return (
    <Dialog open={doc !== null} onClose={onClose} title="Document Preview" description={doc?.title} wide>
      {doc && (
        <div className="space-y-4">
          {doc.fileUrl ? <FilePreview doc={doc} /> : <FormAnswers doc={doc} definition={definition} />}
          <div className="flex flex-wrap justify-end gap-2">
            {canDownload(doc) && (
              <Button variant="outline" onClick={() => void download()} disabled={saving}>
                {saving ? 'Downloading...' : doc.fileUrl ? 'Download' : 'Download Signed PDF'}
              </Button>
            )}
            <Button onClick={onClose}>Close</Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
