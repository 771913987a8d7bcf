import type { TAccepted } from '@app/contracts/api/accepted';
import type { TCreateFormDocumentBody, TDocument } from '@app/contracts/api/documents';
import type { TConvertToFormAnswer, TCustomForm, TSaveCustomFormBody } from '@app/contracts/api/forms';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showAccepted } from '../../lib/accepted';
import { ApiError, apiRequest, createRecord, ifMatch, isAccepted, storedToken } from '../../lib/api';
import { callFailure } from '../../lib/failure';
import { staleCopyOf } from '../../lib/stale-copy';
import { toast } from '../../ui/toast-store';

/**
 * The documents API as the screens call it (spec part 2, section 7, "Documents"), shared by the admin's
 * Documents view and the client portal. Every documents read starts with DOCUMENTS_KEY, so one
 * invalidation (a change here, or the admin's live update for syncType 'document') refreshes all of them.
 * Custom forms live under FORMS_KEY, which the same live update refreshes (admin/live.ts).
 */
export const DOCUMENTS_KEY = '/api/documents';
export const FORMS_KEY = '/api/forms';

/** GET /api/documents: every document for an admin, their own for a client. */
export const documentsQuery = queryOptions<TDocument[]>({ queryKey: [DOCUMENTS_KEY] });

/** GET /api/documents/project/{id}: one project's documents (a client's own project only). */
export const projectDocumentsQuery = (projectId: number) =>
  queryOptions({
    queryKey: [DOCUMENTS_KEY, 'project', projectId],
    queryFn: () => apiRequest<TDocument[]>('GET', `${DOCUMENTS_KEY}/project/${projectId}`),
  });

/**
 * GET /api/documents/{id}: one document. Each time its client opens it the server records the view in
 * the document's trail, so the screens read it when a document is opened, never in the background: its key
 * stays outside DOCUMENTS_KEY, which every change and live update invalidates.
 */
export const documentQuery = (id: number) =>
  queryOptions({
    queryKey: ['document-opened', id],
    queryFn: () => apiRequest<TDocument>('GET', `${DOCUMENTS_KEY}/${id}`),
    staleTime: 0,
    gcTime: 0,
  });

/** GET /api/forms: the custom and converted forms, shared by every admin. */
export const customFormsQuery = queryOptions<TCustomForm[]>({ queryKey: [FORMS_KEY] });

/** Where a document's file is opened in the page (inline) and downloaded under its original name. */
export const documentFileUrl = (id: number) => `${DOCUMENTS_KEY}/${id}/file`;
export const documentDownloadUrl = (id: number) => `${DOCUMENTS_KEY}/${id}/download`;
export const signedPdfUrl = (id: number) => `${DOCUMENTS_KEY}/${id}/signed-pdf`;

/** The file name a download answer gives (`filename*` first), or the fallback. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // a malformed name: fall through to the plain one
    }
  }
  return /filename="([^"]+)"/i.exec(disposition ?? '')?.[1] ?? fallback;
}

/**
 * A document's bytes with the bearer token (files are served only to signed-in owners, so a plain link
 * cannot fetch them): the blob and the file name the server gave. A non-2xx answer is an ApiError.
 */
export async function fetchDocumentFile(url: string, fallbackName = 'document') {
  const token = storedToken();
  const response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
  return {
    blob: await response.blob(),
    filename: fileNameOf(response.headers.get('content-disposition'), fallbackName),
  };
}

/** Downloads a document's file (or its signed PDF) under the name the server gave. */
export async function saveDocumentFile(url: string, fallbackName?: string) {
  const { blob, filename } = await fetchDocumentFile(url, fallbackName);
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/** 128 random bits as hex (crypto.randomUUID exists only on https and localhost pages). */
const newKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * POSTs multipart form data with XMLHttpRequest (fetch cannot report upload progress), carrying the
 * bearer token and any extra headers. Answers the parsed JSON body; a non-2xx answer is an ApiError.
 */
export function postForm<T>(
  url: string,
  form: FormData,
  {
    headers = {},
    onProgress,
  }: { headers?: Record<string, string>; onProgress?: (fraction: number) => void } = {},
): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.withCredentials = true;
    const token = storedToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        try {
          resolve((request.responseText ? JSON.parse(request.responseText) : null) as T);
        } catch (error) {
          reject(error);
        }
      } else reject(new ApiError(request.status, request.responseText, request.statusText));
    };
    request.onerror = () => reject(new Error('Network error: the upload did not reach the server.'));
    request.send(form);
  });
}

export type UploadDocumentInput = {
  file: File;
  /** null: an unassigned document (admins only). */
  projectId: number | null;
  title?: string;
  description?: string;
  /** The document this file is a new version of (admins only). */
  replaces?: number;
};

const RETRY_DELAYS_MS = [1000, 2000];
const retryable = (error: unknown) =>
  !(error instanceof ApiError) || error.status === 502 || error.status === 503 || error.status === 504;

/**
 * POST /api/documents as multipart `{file, projectId, title, type 'upload'}` with an Idempotency-Key:
 * when the answer is lost the same upload is sent again with the same key and the server keeps one
 * document. Answers the document, or the 202 of one not yet shown in the lists.
 */
export async function uploadDocument(
  input: UploadDocumentInput,
  onProgress?: (fraction: number) => void,
): Promise<TDocument | TAccepted> {
  const form = new FormData();
  form.append('projectId', input.projectId === null ? '' : String(input.projectId));
  form.append('title', input.title ?? input.file.name);
  form.append('type', 'upload');
  if (input.description) form.append('description', input.description);
  if (input.replaces !== undefined) form.append('replaces', String(input.replaces));
  // The file goes last: the server reads the text fields before the file's bytes arrive.
  form.append('file', input.file, input.file.name);
  const headers = { 'Idempotency-Key': newKey() };
  for (let attempt = 0; ; attempt++) {
    try {
      return await postForm<TDocument | TAccepted>(DOCUMENTS_KEY, form, { headers, onProgress });
    } catch (error) {
      const delay = RETRY_DELAYS_MS[attempt];
      if (delay === undefined || !retryable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/** POST /api/documents as JSON: a form `{title, projectId, type 'form', status 'pending', formData, templateType}`. */
export const createFormDocument = (body: TCreateFormDocumentBody) =>
  createRecord<TDocument>(DOCUMENTS_KEY, { type: 'form', status: 'pending', ...body });

/** PATCH /api/documents/{id}/sign with the signature pad's PNG data URL. */
export const signDocument = (id: number, signatureData: string) =>
  apiRequest<TDocument | TAccepted>('PATCH', `${DOCUMENTS_KEY}/${id}/sign`, { signatureData });

/** PATCH /api/documents/{id}/review (admins): a client's upload marked as reviewed. */
export const reviewDocument = (id: number) =>
  apiRequest<TDocument | TAccepted>('PATCH', `${DOCUMENTS_KEY}/${id}/review`);

/** DELETE /api/documents/{id} (admins). */
export const deleteDocument = (id: number) =>
  apiRequest<{ success: true }>('DELETE', `${DOCUMENTS_KEY}/${id}`);

/** POST /api/documents/convert-to-form: multipart `{document, action 'convert-to-form'}`. */
export function convertToForm(file: File): Promise<TConvertToFormAnswer> {
  const form = new FormData();
  form.append('action', 'convert-to-form');
  form.append('document', file, file.name);
  return postForm<TConvertToFormAnswer>(`${DOCUMENTS_KEY}/convert-to-form`, form);
}

/**
 * POST /api/forms (a new custom form) or PUT /api/forms/{id} (an existing one, with the version the builder
 * was filled from as If-Match: a form someone else saved meanwhile is refused with 409 stale_version).
 */
export const saveCustomForm = (body: TSaveCustomFormBody, id?: number, version?: number) =>
  id === undefined
    ? createRecord<TCustomForm>(FORMS_KEY, body)
    : apiRequest<TCustomForm | TAccepted>(
        'PUT',
        `${FORMS_KEY}/${id}`,
        body,
        version === undefined ? undefined : ifMatch(version),
      );

/** DELETE /api/forms/{id}. */
export const deleteCustomForm = (id: number) => apiRequest<unknown>('DELETE', `${FORMS_KEY}/${id}`);

/** Puts a changed document into every cached list that holds it, then reads the lists again. */
function refreshDocuments(queryClient: ReturnType<typeof useQueryClient>, changed?: TDocument) {
  if (changed)
    queryClient.setQueriesData<TDocument[]>({ queryKey: [DOCUMENTS_KEY] }, (list) =>
      Array.isArray(list) ? list.map((doc) => (doc.id === changed.id ? changed : doc)) : list,
    );
  void queryClient.invalidateQueries({ queryKey: [DOCUMENTS_KEY] });
}

/** Saving a form made in the form editor; toasts 'Form saved successfully' / 'Failed to save form'. */
export function useCreateFormDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFormDocument,
    onSuccess: (doc) => {
      if (isAccepted(doc)) return showAccepted(queryClient, doc, [DOCUMENTS_KEY]);
      refreshDocuments(queryClient);
      toast({ title: 'Form saved successfully', description: doc.title });
    },
    onError: (error) => callFailure(error, 'Failed to save form'),
  });
}

/** Signing a form; toasts 'Document signed successfully' / 'Failed to sign document'. */
export function useSignDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, signatureData }: { id: number; signatureData: string }) =>
      signDocument(id, signatureData),
    onSuccess: (doc) => {
      if (isAccepted(doc)) return showAccepted(queryClient, doc, [DOCUMENTS_KEY]);
      refreshDocuments(queryClient, doc);
      toast({ title: 'Document signed successfully', description: doc.title });
    },
    onError: (error) => callFailure(error, 'Failed to sign document'),
  });
}

/**
 * Staff marking a client's upload as reviewed; toasts 'Document marked as reviewed' / 'Failed to mark
 * document as reviewed' with the server's message (409 when it no longer waits).
 */
export function useReviewDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (doc: Pick<TDocument, 'id' | 'title'>) => reviewDocument(doc.id),
    onSuccess: (answer, doc) => {
      if (isAccepted(answer)) return showAccepted(queryClient, answer, [DOCUMENTS_KEY]);
      refreshDocuments(queryClient, answer);
      toast({ title: 'Document marked as reviewed', description: doc.title });
    },
    onError: (error) => {
      callFailure(error, 'Failed to mark document as reviewed');
      // Someone else may have reviewed it: the lists show how it stands now.
      void queryClient.invalidateQueries({ queryKey: [DOCUMENTS_KEY] });
    },
  });
}

/** Deleting a document; toasts 'Document deleted successfully' / 'Failed to delete document'. */
export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (doc: Pick<TDocument, 'id' | 'title'>) => deleteDocument(doc.id),
    onSuccess: (_answer, doc) => {
      queryClient.setQueriesData<TDocument[]>({ queryKey: [DOCUMENTS_KEY] }, (list) =>
        Array.isArray(list) ? list.filter((item) => item.id !== doc.id) : list,
      );
      void queryClient.invalidateQueries({ queryKey: [DOCUMENTS_KEY] });
      toast({ title: 'Document deleted successfully', description: doc.title });
    },
    onError: (error) => callFailure(error, 'Failed to delete document'),
  });
}

/** Saving a custom form from the builder; toasts 'Custom form saved' (a stale copy is the builder's to show). */
export function useSaveCustomForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, id, version }: { body: TSaveCustomFormBody; id?: number; version?: number }) =>
      saveCustomForm(body, id, version),
    onSuccess: (form) => {
      if (isAccepted(form)) return showAccepted(queryClient, form, [FORMS_KEY]);
      queryClient.setQueryData<TCustomForm[]>([FORMS_KEY], (list) =>
        list ? [form, ...list.filter((item) => item.id !== form.id)] : list,
      );
      void queryClient.invalidateQueries({ queryKey: [FORMS_KEY] });
      toast({ title: 'Custom form saved', description: form.title });
    },
    onError: (error) => {
      if (!staleCopyOf(error)) callFailure(error, 'Failed to save form');
    },
  });
}

/** Removing a custom form. */
export function useDeleteCustomForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: Pick<TCustomForm, 'id' | 'title'>) => deleteCustomForm(form.id),
    onSuccess: (_answer, form) => {
      queryClient.setQueryData<TCustomForm[]>([FORMS_KEY], (list) =>
        list?.filter((item) => item.id !== form.id),
      );
      void queryClient.invalidateQueries({ queryKey: [FORMS_KEY] });
      toast({ title: 'Form removed', description: form.title });
    },
    onError: (error) => callFailure(error, 'Failed to remove form'),
  });
}

export type DocumentUpload = { key: string; name: string; progress: number; failed?: boolean };

/**
 * Uploads files one after the other, each with its own progress (0 to 1) in `uploads` while the batch
 * runs. A failed file shows 'Failed to upload document' with the server's message; the others still go.
 * Answers the documents made (a 202's are not yet shown) and the files that failed.
 */
export function useUploadDocuments() {
  const queryClient = useQueryClient();
  const [uploads, setUploads] = useState<DocumentUpload[]>([]);
  const update = (key: string, change: Partial<DocumentUpload>) =>
    setUploads((current) =>
      current.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)),
    );

  const upload = useMutation({
    mutationFn: async ({ files, projectId }: { files: readonly File[]; projectId: number | null }) => {
      const stamp = Date.now();
      const batch = files.map((file, index) => ({ key: `${stamp}-${index}`, name: file.name, progress: 0 }));
      setUploads(batch);
      const uploaded: TDocument[] = [];
      const failed: File[] = [];
      for (const [index, file] of files.entries()) {
        const { key } = batch[index]!;
        try {
          const doc = await uploadDocument({ file, projectId }, (progress) => update(key, { progress }));
          update(key, { progress: 1 });
          if (!isAccepted(doc)) uploaded.push(doc);
        } catch (error) {
          update(key, { failed: true });
          failed.push(file);
          callFailure(error, 'Failed to upload document', `${file.name} could not be uploaded.`);
          if (error instanceof ApiError && error.status === 401) break;
        }
      }
      return { uploaded, failed };
    },
    onSuccess: ({ uploaded }) => {
      if (uploaded.length > 0)
        toast({
          title: uploaded.length === 1 ? 'Document uploaded' : 'Documents uploaded',
          description: uploaded.map((doc) => doc.title).join(', '),
        });
    },
    onSettled: () => {
      setUploads([]);
      void queryClient.invalidateQueries({ queryKey: [DOCUMENTS_KEY] });
    },
  });
  return { upload, uploads };
}
