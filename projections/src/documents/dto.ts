import type { TDocument, TDocumentStatus, TDocumentType } from '@app/contracts/api/documents';
import type { DocumentsTable } from './table.ts';

/** The address a document's file is served at (checked per request: only its admins and its client). */
export const documentFileAddress = (id: number) => `/api/documents/${id}/file`;
export const documentDownloadAddress = (id: number) => `/api/documents/${id}/download`;

export type DocumentDtoRow = Omit<DocumentsTable, 'last_event_position' | 'form_sections' | 'list_json'>;

const instant = (v: Date | string) => new Date(v).toISOString();

/**
 * A documents row as the API answers it (GET /api/documents and /api/documents/{id}). The view keeps each
 * row's answer as JSON text too (`list_json`), so a list of thousands is joined by the database rather than
 * read into objects and serialised again: a change here bumps the documents view's version.
 */
export const documentDto = (r: DocumentDtoRow): TDocument => ({
  id: r.id,
  projectId: r.project_id,
  clientId: r.client_id,
  title: r.title,
  type: r.type as TDocumentType,
  status: r.status as TDocumentStatus,
  formData: r.form_data,
  templateType: r.template_type,
  fileUrl: r.file ? documentFileAddress(r.id) : null,
  downloadUrl: r.file ? documentDownloadAddress(r.id) : null,
  filename: r.filename,
  mimeType: r.mime_type,
  size: r.size === null ? null : Number(r.size),
  description: r.description,
  signature: r.signature,
  supersededBy: r.superseded_by,
  signatureVoid: r.signature_void,
  createdAt: instant(r.created_at),
  updatedAt: instant(r.updated_at),
});
