import { z } from 'zod';
import { isStorableText } from '../events/values.ts';
import { ZFormSection } from '../forms/definition.ts';
import { ZListQuery, ZPage } from './paging.ts';
import { UNSTORABLE_TEXT, ZId, ZIdParam, ZText } from './primitives.ts';

/** Spec part 2, section 3: a document is a form, an uploaded file or a photo; a form is pending until signed. */
export const DOCUMENT_TYPES = ['form', 'upload', 'photo'] as const;
export const DOCUMENT_STATUSES = ['pending', 'completed'] as const;
export type TDocumentType = (typeof DOCUMENT_TYPES)[number];
export type TDocumentStatus = (typeof DOCUMENT_STATUSES)[number];

export const DOCUMENT_NOT_FOUND = 'Document not found';
export const DOCUMENT_ALREADY_SIGNED = 'This document has already been signed.';
export const ONLY_FORMS_ARE_SIGNED = 'Only forms can be signed.';
export const ONLY_UPLOADS_ARE_REVIEWED = 'Only uploaded files are reviewed.';
export const DOCUMENT_ALREADY_REVIEWED = 'This document is not waiting for review.';
export const DOCUMENT_SUPERSEDED =
  'This document has been replaced by a newer version. Please sign the new version instead.';
export const DOCUMENT_ALREADY_SUPERSEDED = 'This document has already been replaced by a newer version.';
export const VERSION_OTHER_PROJECT =
  'A new version must be for the same project as the document it replaces.';
export const ONLY_ADMINS_MAKE_VERSIONS = 'Only admins can make a new version of a document.';

/** `replaces`: the id of the document this one is a new version of (admins only). */
const replaces = ZId('replaces must be the id of the document this is a new version of');

/** The signature pad's image (400×200 canvas): a PNG data URL, bounded. */
export const SIGNATURE_MAX_CHARS = 512 * 1024;
const PNG_DATA_URL = /^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/;
export const SIGNATURE_INVALID = 'signatureData must be a PNG image (data:image/png;base64,...).';

const formValue = z.union([
  ZText(20_000, { trim: false }),
  z.number().finite(),
  z.boolean(),
  z.array(ZText(2_000, { trim: false })).max(200),
  z.null(),
]);
const formKey = z.string().min(1).max(200).refine(isStorableText, UNSTORABLE_TEXT);

/** A form's answers, field id → value: at most 500 fields. */
export const ZFormDataBody = z
  .record(formKey, formValue)
  .refine((d) => Object.keys(d).length <= 500, 'formData has too many fields (at most 500).');

/** POST /api/documents as JSON: the spec's `{title, projectId, type 'form', status 'pending', formData, templateType}`. */
export const ZCreateFormDocumentBody = z.object({
  title: ZText(200, { error: 'Title is required' }).min(1, 'Title is required'),
  projectId: ZId('Please select a project').nullish(),
  type: z.literal('form', { error: "type must be 'form' (files are sent as multipart)" }).default('form'),
  status: z.literal('pending', { error: "A new form's status is 'pending'" }).default('pending'),
  formData: ZFormDataBody.default({}),
  templateType: ZText(100).nullish(),
  description: ZText(2000).default(''),
  replaces: replaces.nullish(),
});
export type TCreateFormDocumentBody = z.input<typeof ZCreateFormDocumentBody>;

/** PATCH /api/documents/{id}/sign: `{signatureData: PNG data URL}`. */
export const ZSignDocumentBody = z.object({
  signatureData: z
    .string({ error: 'signatureData is required' })
    .max(SIGNATURE_MAX_CHARS, `signatureData is too large (at most ${SIGNATURE_MAX_CHARS} characters).`)
    .regex(PNG_DATA_URL, SIGNATURE_INVALID),
});

export const ZDocumentIdParams = z.object({ id: ZIdParam });
export const ZDocumentProjectParams = z.object({ projectId: ZIdParam });

export const ZDocumentSignature = z.object({
  signerId: z.number().int(),
  signedAt: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  contentSha256: z.string(),
});
export type TDocumentSignature = z.infer<typeof ZDocumentSignature>;

export const ZDocument = z.object({
  id: z.number().int(),
  projectId: z.number().int().nullable(),
  clientId: z.number().int().nullable(),
  title: z.string(),
  type: z.enum(DOCUMENT_TYPES),
  status: z.enum(DOCUMENT_STATUSES),
  formData: z.record(z.string(), z.unknown()).nullable(),
  templateType: z.string().nullable(),
  /** Signed, expiring addresses of the stored file (null for a form). */
  fileUrl: z.string().nullable(),
  downloadUrl: z.string().nullable(),
  filename: z.string().nullable(),
  mimeType: z.string().nullable(),
  size: z.number().int().nullable(),
  description: z.string(),
  signature: ZDocumentSignature.nullable(),
  /** The newer version that replaced this one (null: this is the current version). */
  supersededBy: z.number().int().nullable(),
  /**
   * Signed, then replaced by a newer version: the signature no longer counts and the client signs the new
   * one. `status` stays 'completed' (it was signed; the signature record is kept as evidence).
   */
  signatureVoid: z.boolean(),
  /** A form's questions as they stood when it was made: in the answer for one document, not in lists. */
  sections: z.array(ZFormSection).nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TDocument = z.infer<typeof ZDocument>;

/**
 * A document as the admin's paged list shows it: the document with its project's title and its client's name,
 * so the screen groups the rows it has loaded by project without reading every project.
 */
export const ZDocumentListItem = ZDocument.extend({
  projectTitle: z.string().nullable(),
  clientName: z.string().nullable(),
});
export type TDocumentListItem = z.infer<typeof ZDocumentListItem>;

/**
 * `GET /api/documents` paged (see ./paging.ts): every word of `q` in the title, the file's name, the project's
 * title or the client's name; the type, the status, a project and a client as filters; newest first.
 */
export const ZDocumentsQuery = ZListQuery({
  type: z.enum(DOCUMENT_TYPES, { error: `type must be one of ${DOCUMENT_TYPES.join(', ')}` }).optional(),
  status: z
    .enum(DOCUMENT_STATUSES, { error: `status must be one of ${DOCUMENT_STATUSES.join(', ')}` })
    .optional(),
  projectId: ZIdParam.optional(),
  clientId: ZIdParam.optional(),
});
export type TDocumentsQuery = z.infer<typeof ZDocumentsQuery>;
export const ZDocumentsPage = ZPage(ZDocumentListItem);
export type TDocumentsPage = z.infer<typeof ZDocumentsPage>;

/** Document upload (spec part 2, section 5): these file types, at most 25 MB (checked by content on the server). */
export const DOCUMENT_EXTENSIONS = [
  'pdf',
  'doc',
  'docx',
  'txt',
  'xls',
  'xlsx',
  'jpg',
  'jpeg',
  'png',
  'gif',
  'mp4',
  'avi',
  'mov',
  'zip',
  'rar',
] as const;
export type TDocumentExtension = (typeof DOCUMENT_EXTENSIONS)[number];
export const DOCUMENT_ACCEPT = DOCUMENT_EXTENSIONS.map((ext) => `.${ext}`).join(',');
export const DOCUMENT_MAX_BYTES = 25 * 1024 * 1024;
export const documentTooLargeMessage = (fileName: string) =>
  `File too large: ${fileName} is over 25MB. Please upload documents under 25MB.`;
export const documentInvalidTypeMessage = (fileName: string) =>
  `Unsupported file type: ${fileName}. Please upload PDF, Word, Excel, text, image (JPG, PNG, GIF), video (MP4, AVI, MOV) or archive (ZIP, RAR) files.`;
export const documentContentMismatchMessage = (fileName: string) =>
  `Unsupported file type: the content of ${fileName} is not what its name says. Please upload the original file.`;

/** The text fields of a multipart upload: `{file, projectId, title, type 'upload'}`. */
export const ZUploadDocumentFields = z.object({
  projectId: z
    .literal('')
    .transform(() => null)
    .or(ZId('Please select a project'))
    .nullish(),
  title: ZText(200).optional(),
  type: z.literal('upload', { error: "type must be 'upload' for a file" }).default('upload'),
  description: ZText(2000).default(''),
  replaces: z
    .literal('')
    .transform(() => null)
    .or(replaces)
    .nullish(),
});
