import { DOCUMENT_MAX_BYTES, documentTooLargeMessage } from '@app/contracts/api/documents';
import { ZConvertToFormAnswer } from '@app/contracts/api/forms';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { guards } from '../auth/guard.ts';
import { checkFilename, checkMultipart, isBrokenForm, malformed } from '../files/upload.ts';
import type { AppDeps } from '../platform/deps.ts';
import { DomainError } from '../platform/errors.ts';
import { ConvertRefused, convertToForm } from './convert-file.ts';

/** A refusal in the answer's own shape, with the error shape's `message` beside it for the API client. */
const ZConvertRefusal = ZConvertToFormAnswer.extend({ message: z.string() });
const refusal = (reply: FastifyReply, status: 400 | 413, message: string) =>
  reply
    .code(status)
    .send(
      ZConvertRefusal.parse({ success: false, formTitle: '', formSections: [], error: message, message }),
    );

/** The one file (field `document`) of the request, in memory: at most 25 MB, like any document. */
async function readDocument(request: FastifyRequest): Promise<{ bytes: Buffer; fileName: string }> {
  checkMultipart(request);
  let file: { bytes: Buffer; fileName: string } | null = null;
  let name = 'the file';
  const limits = { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 5, parts: 6 };
  try {
    for await (const part of request.parts({ limits })) {
      if (part.type === 'field') {
        if (part.fieldname === 'action' && part.value !== 'convert-to-form')
          throw new ConvertRefused('action must be convert-to-form');
        continue;
      }
      if (part.fieldname !== 'document')
        throw new ConvertRefused('Choose a document to convert (form field "document").');
      checkFilename(part.filename);
      name = part.filename;
      const bytes = await part.toBuffer();
      // toBuffer notices the limit only when a chunk arrives after it (see files/upload.ts).
      if (part.file.truncated)
        throw new DomainError(413, 'file_too_large', documentTooLargeMessage(part.filename));
      if (bytes.length === 0) throw new ConvertRefused(`The file ${part.filename} is empty.`);
      file = { bytes, fileName: part.filename };
    }
  } catch (err) {
    const { RequestFileTooLargeError, FilesLimitError, PartsLimitError, FieldsLimitError } =
      request.server.multipartErrors;
    if (err instanceof RequestFileTooLargeError)
      throw new DomainError(413, 'file_too_large', documentTooLargeMessage(name));
    if (err instanceof FilesLimitError || err instanceof PartsLimitError || err instanceof FieldsLimitError)
      throw new ConvertRefused('Send one document (field "document") with action "convert-to-form".');
    if (isBrokenForm(err)) throw malformed();
    throw err;
  }
  if (!file) throw new ConvertRefused('Choose a document to convert (form field "document").');
  return file;
}

/**
 * POST /api/documents/convert-to-form (admins only): a PDF (its text layer), a Word document or a picture in,
 * a proposed form out (`{success, formTitle, formSections, error}`), for the form builder. Nothing is stored
 * here; the Documents view keeps a converted form with POST /api/forms (type 'converted').
 */
export function convertRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { requireAdmin } = guards(deps);
  return async (app) => {
    app.post(
      '/api/documents/convert-to-form',
      {
        // Refusals (400, 413) are sent in ZConvertRefusal's shape; other 4xx (a body that is no form) in the
        // error shape, so no response schema is declared for them.
        schema: { response: { 200: ZConvertToFormAnswer } },
        preValidation: requireAdmin,
      },
      async (request, reply) => {
        try {
          const { bytes, fileName } = await readDocument(request);
          return await convertToForm(bytes, fileName);
        } catch (err) {
          if (err instanceof ConvertRefused) return refusal(reply, 400, err.message);
          if (err instanceof DomainError && (err.status === 400 || err.status === 413))
            return refusal(reply, err.status, err.message);
          throw err;
        }
      },
    );
  };
}
