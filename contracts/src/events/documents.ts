import { z } from 'zod';
import { ZFormSection } from '../forms/definition.ts';
import { defineEvent } from './define.ts';
import { eId, eInstant, eText } from './values.ts';

/**
 * Document events (`document-<id>`): a form made for a client, a file uploaded, a signature, a view by the
 * client, a deletion. The signature event carries everything the audit certificate will name, so the trail
 * alone proves who signed what.
 */
const id = { documentId: eId };
/** Who the document belongs to: its project (none: unassigned) and that project's client (none: staff only). */
const owner = { clientId: eId.nullable(), projectId: eId.nullable() };

/** One answer of a form: a text, a number, a yes/no, a choice of several, or nothing yet. */
export const ZFormValue = z.union([eText, z.number().finite(), z.boolean(), z.array(eText), z.null()]);
export const ZFormData = z.record(eText, ZFormValue);
export type TFormData = z.infer<typeof ZFormData>;

/**
 * The form's questions as they stood when it was made (its template's or custom form's sections), so what
 * a client signs and what the signed PDF shows never change when a template or custom form is edited later.
 * Null for a form made without a template. Version 1 had none.
 */
export const ZFormDefinitionSnapshot = z.array(ZFormSection).nullable();

export const ZDocumentFormCreated = defineEvent(
  'DocumentFormCreated',
  z.object({
    ...id,
    ...owner,
    title: eText,
    description: eText,
    templateType: eText.nullable(),
    formData: ZFormData,
    sections: ZFormDefinitionSnapshot,
  }),
  { version: 2, upcast: { 1: (v1: unknown) => ({ ...(v1 as object), sections: null }) } },
);

/**
 * A stored file: `file` is its stored name (`<sha256>.<ext>` under the private documents folder).
 * `uploadedBy`: a client's upload waits for staff review, staff's needs none. Version 1 did not say; its
 * uploads read as a client's, so they stay waiting as they were shown.
 */
export const UPLOADERS = ['staff', 'client'] as const;
export const ZDocumentFileUploaded = defineEvent(
  'DocumentFileUploaded',
  z.object({
    ...id,
    ...owner,
    title: eText,
    description: eText,
    file: eText,
    filename: eText,
    mimeType: eText,
    size: z.number().int().min(0),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    uploadedBy: z.enum(UPLOADERS),
  }),
  { version: 2, upcast: { 1: (v1: unknown) => ({ ...(v1 as object), uploadedBy: 'client' }) } },
);

/** Staff looked at a client's upload: it no longer waits for review. */
export const ZDocumentReviewed = defineEvent(
  'DocumentReviewed',
  z.object({ ...id, reviewerId: eId, reviewedAt: eInstant }),
);

export const ZDocumentSigned = defineEvent(
  'DocumentSigned',
  z.object({
    ...id,
    signerId: eId,
    signerRole: eText,
    signedAt: eInstant,
    ip: eText,
    userAgent: eText,
    /** SHA-256 (hex) of exactly the bytes that were signed (`signedContent` in backend/src/documents/decide.ts). */
    contentSha256: z.string().regex(/^[0-9a-f]{64}$/),
    /** The drawn signature, a PNG stored by its own hash under the documents folder. */
    signatureFile: eText,
  }),
);

/** The document's client opened it (every time: the trail shows each view). */
export const ZDocumentViewed = defineEvent(
  'DocumentViewed',
  z.object({ ...id, viewerId: eId, viewedAt: eInstant }),
);

export const ZDocumentDeleted = defineEvent(
  'DocumentDeleted',
  z.object({ ...id, clientId: eId.nullable(), title: eText }),
);

/**
 * A new version of the document was made (`supersededBy`, a new document of the same project): this one stays
 * as it was, and a signature on it no longer counts (the client is asked to sign the new version).
 */
export const ZDocumentSuperseded = defineEvent(
  'DocumentSuperseded',
  z.object({ ...id, supersededBy: eId, clientId: eId.nullable() }),
);

export const documentEventSchemas = [
  ZDocumentFormCreated,
  ZDocumentFileUploaded,
  ZDocumentSigned,
  ZDocumentViewed,
  ZDocumentDeleted,
  ZDocumentSuperseded,
  ZDocumentReviewed,
] as const;

export type TDocumentEvent = z.infer<(typeof documentEventSchemas)[number]>;
