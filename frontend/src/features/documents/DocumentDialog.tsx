import { DOCUMENT_SUPERSEDED, type TDocument } from '@app/contracts/api/documents';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { isAccepted } from '../../lib/api';
import { callFailure } from '../../lib/failure';
import { formatDate, formatInstant } from '../../lib/format';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Spinner } from '../../ui/Spinner';
import {
  documentDownloadUrl,
  documentFileUrl,
  documentQuery,
  fetchDocumentFile,
  saveDocumentFile,
  signedPdfUrl,
  useSignDocument,
} from './api';
import { DocumentStatusBadge, documentTypeLabel } from './DocumentStatusBadge';
import { canSign, isReplaced, sizeInKb } from './document-status';
import { FormAnswers } from './FormAnswers';
import { SignatureDialog } from './SignatureDialog';

/**
 * One document, opened (GET /api/documents/{id}, which records a client's view in its trail): a form's
 * answers read-only, Sign for a pending form, the signed PDF of a signed one, a file's download and, for
 * a picture, a preview. A signature on a replaced version shows as Void with a way to the new version.
 */
export function DocumentDialog({ documentId, onClose }: { documentId: number | null; onClose: () => void }) {
  const [shown, setShown] = useState(documentId);
  useEffect(() => setShown(documentId), [documentId]);
  return (
    <Dialog open={shown !== null} onClose={onClose} wide title="Document">
      {shown !== null && <OpenedDocument id={shown} onOpen={setShown} />}
    </Dialog>
  );
}

function OpenedDocument({ id, onOpen }: { id: number; onOpen: (id: number) => void }) {
  const queryClient = useQueryClient();
  const query = useQuery(documentQuery(id));
  const sign = useSignDocument();
  const [signing, setSigning] = useState(false);
  const [downloading, setDownloading] = useState(false);

  if (query.isPending)
    return (
      <div className="grid place-items-center py-10">
        <Spinner label="Loading document" />
      </div>
    );
  if (query.isError || !query.data)
    return (
      <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-900">
        {query.isError ? 'Document not found' : 'Please sign in again.'}
      </p>
    );

  const doc = query.data;
  const download = async (url: string, fallback: string) => {
    setDownloading(true);
    try {
      await saveDocumentFile(url, fallback);
    } catch (error) {
      callFailure(error, 'Download failed', 'The file could not be downloaded. Please try again.');
    } finally {
      setDownloading(false);
    }
  };
  const submitSignature = (signatureData: string) =>
    sign.mutate(
      { id: doc.id, signatureData },
      {
        onSuccess: (answer) => {
          setSigning(false);
          if (isAccepted(answer)) void query.refetch();
          else queryClient.setQueryData(documentQuery(doc.id).queryKey, answer);
        },
      },
    );

  return (
    <div className="space-y-5" data-testid="opened-document">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 className="text-xl font-semibold text-slate-900">{doc.title}</h3>
          <p className="text-sm text-slate-700">
            {documentTypeLabel(doc.type)} · {formatDate(doc.createdAt)}
            {doc.size !== null && ` · ${sizeInKb(doc.size)}`}
          </p>
        </div>
        <DocumentStatusBadge doc={doc} />
      </div>
      {doc.description && <p className="text-sm text-slate-700">{doc.description}</p>}

      {isReplaced(doc) && (
        <div
          role="status"
          className="rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
        >
          <p className="font-semibold">
            {doc.signatureVoid ? 'Void: this signature no longer counts.' : 'Replaced by a newer version.'}
          </p>
          <p className="mt-1">{DOCUMENT_SUPERSEDED}</p>
          {doc.supersededBy !== null && (
            <Button variant="outline" className="mt-3" onClick={() => onOpen(doc.supersededBy!)}>
              Open the new version
            </Button>
          )}
        </div>
      )}

      {doc.type === 'form' ? <FormAnswers doc={doc} /> : <FilePreview doc={doc} />}

      {doc.signature && (
        <p className="text-sm text-slate-700">
          Signed on {formatInstant(doc.signature.signedAt)}
          {doc.signatureVoid && ' (void)'}
        </p>
      )}

      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4">
        {doc.type === 'form' && doc.status === 'completed' && (
          <Button
            variant="outline"
            disabled={downloading}
            onClick={() => download(signedPdfUrl(doc.id), `${doc.title}-signed.pdf`)}
          >
            Download Signed PDF
          </Button>
        )}
        {doc.downloadUrl && (
          <Button
            variant="outline"
            disabled={downloading}
            onClick={() => download(documentDownloadUrl(doc.id), doc.filename ?? doc.title)}
          >
            Download
          </Button>
        )}
        {canSign(doc) && <Button onClick={() => setSigning(true)}>Sign Document</Button>}
      </div>

      <SignatureDialog
        open={signing}
        onClose={() => setSigning(false)}
        onSubmit={submitSignature}
        pending={sign.isPending}
        documentTitle={doc.title}
      />
    </div>
  );
}

/** A picture or a PDF shown in the page (fetched with the session: files are private); other files are downloaded. */
function FilePreview({ doc }: { doc: TDocument }) {
  const shown = doc.mimeType?.startsWith('image/') || doc.mimeType === 'application/pdf';
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!shown) return;
    let url: string | null = null;
    let live = true;
    fetchDocumentFile(documentFileUrl(doc.id))
      .then(({ blob }) => {
        url = URL.createObjectURL(blob);
        if (live) setSrc(url);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [doc.id, shown]);

  if (!shown)
    return (
      <p className="rounded-md border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">
        {doc.filename ?? doc.title}: use Download to open this file.
      </p>
    );
  if (failed) return <p className="text-sm text-red-800">The file could not be loaded.</p>;
  if (!src) return <Spinner label="Loading preview" />;
  return doc.mimeType === 'application/pdf' ? (
    <iframe title={doc.title} src={src} className="h-[60vh] w-full rounded-md border border-slate-200" />
  ) : (
    <img
      src={src}
      alt={doc.title}
      className="max-h-[60vh] w-auto max-w-full rounded-md border border-slate-200"
    />
  );
}
