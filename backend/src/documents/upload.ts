import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DOCUMENT_EXTENSIONS,
  DOCUMENT_MAX_BYTES,
  documentContentMismatchMessage,
  documentInvalidTypeMessage,
  documentTooLargeMessage,
  type TDocumentExtension,
} from '@app/contracts/api/documents';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromFile } from 'file-type';
import type { fileStore, StoredExtension } from '../files/store.ts';
import { checkFilename, checkMultipart, isBrokenForm, malformed } from '../files/upload.ts';
import { DomainError, invalid } from '../platform/errors.ts';

/** What the content must be for each name: file-type's answer (none for plain text). */
const CONTENT_OF: Record<TDocumentExtension, readonly string[]> = {
  pdf: ['pdf'],
  doc: ['cfb'],
  xls: ['cfb'],
  // Office Open XML is a zip; file-type names it when the parts it looks for come first.
  docx: ['docx', 'zip'],
  xlsx: ['xlsx', 'zip'],
  txt: [],
  jpg: ['jpg'],
  jpeg: ['jpg'],
  png: ['png'],
  gif: ['gif'],
  mp4: ['mp4', 'm4v', 'mov'],
  mov: ['mov', 'mp4'],
  avi: ['avi'],
  zip: ['zip'],
  rar: ['rar'],
};

const extensionOf = (filename: string) =>
  filename.includes('.') ? (filename.split('.').pop() ?? '').toLowerCase() : '';

const isDocumentExtension = (ext: string): ext is TDocumentExtension =>
  (DOCUMENT_EXTENSIONS as readonly string[]).includes(ext);

export interface DocumentUpload {
  /** The temporary file under the documents folder; the caller adopts it or calls `discard`. */
  incoming: string;
  sha256: string;
  size: number;
  filename: string;
  extension: StoredExtension;
  mimeType: string;
  fields: Record<string, string>;
  discard(): Promise<void>;
}

/** Plain text: no NUL byte and valid UTF-8 in its first 64 KiB (a program has NULs). */
async function looksLikeText(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(64 * 1024), 0, 64 * 1024, 0);
    const head = buffer.subarray(0, bytesRead);
    if (head.includes(0)) return false;
    try {
      // A multi-byte character cut at the 64 KiB mark is not an error.
      new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, Math.max(0, bytesRead - 3)));
      return true;
    } catch {
      return false;
    }
  } finally {
    await handle.close();
  }
}

/**
 * The one file (field `file`) and the text fields of a multipart upload. The file is streamed to a temporary
 * file while its SHA-256 is computed (memory stays flat however large it is), stopped at 25 MB (413), then
 * its type is checked by content: a name the spec does not list, or content that is not what the name says
 * (a program renamed .pdf), is a 400. Whatever is refused leaves nothing on disk.
 */
export async function readDocumentUpload(
  request: FastifyRequest,
  files: ReturnType<typeof fileStore>,
): Promise<DocumentUpload> {
  checkMultipart(request);
  const fields: Record<string, string> = {};
  let file:
    | (Omit<DocumentUpload, 'fields' | 'discard' | 'mimeType'> & { declared: TDocumentExtension })
    | null = null;
  let incoming: string | null = null;
  let writer: WriteStream | null = null;
  const discard = async () => {
    // A write stream that failed before its file had opened still opens (and so creates) it afterwards:
    // wait for it to close, or the file would appear again after it was removed.
    if (writer && !writer.closed) await once(writer, 'close').catch(() => undefined);
    if (incoming) await rm(incoming, { force: true });
  };
  try {
    const limits = { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 10, parts: 12 };
    for await (const part of request.parts({ limits })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'file')
        throw invalid('Choose a file to upload (form field "file").', 'file_required');
      checkFilename(part.filename);
      const declared = extensionOf(part.filename);
      if (!isDocumentExtension(declared))
        throw invalid(documentInvalidTypeMessage(part.filename), 'invalid_file_type');
      incoming = await files.incomingPath('documents');
      const hash = createHash('sha256');
      let size = 0;
      const count = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          size += chunk.length;
          done(null, chunk);
        },
      });
      writer = createWriteStream(incoming);
      await pipeline(part.file, count, writer);
      if (part.file.truncated)
        throw new DomainError(413, 'file_too_large', documentTooLargeMessage(part.filename));
      if (size === 0) throw invalid(`The file ${part.filename} is empty.`, 'file_required');
      const extension: StoredExtension = declared === 'jpeg' ? 'jpg' : declared;
      file = { incoming, sha256: hash.digest('hex'), size, filename: part.filename, extension, declared };
    }
    if (!file) throw invalid('Choose a file to upload (form field "file").', 'file_required');
    const detected = await fileTypeFromFile(file.incoming);
    const expected = CONTENT_OF[file.declared];
    const fits =
      expected.length === 0
        ? !detected && (await looksLikeText(file.incoming))
        : !!detected && expected.includes(detected.ext);
    if (!fits) throw invalid(documentContentMismatchMessage(file.filename), 'invalid_file_type');
    const mimeType = file.declared === 'txt' ? 'text/plain' : (detected?.mime ?? 'application/octet-stream');
    return { ...file, mimeType, fields, discard };
  } catch (err) {
    await discard();
    const { RequestFileTooLargeError, FilesLimitError, PartsLimitError, FieldsLimitError } =
      request.server.multipartErrors;
    if (err instanceof RequestFileTooLargeError)
      throw new DomainError(413, 'file_too_large', documentTooLargeMessage(file?.filename ?? 'the file'));
    if (err instanceof FilesLimitError || err instanceof PartsLimitError || err instanceof FieldsLimitError)
      throw invalid('Send one file (field "file") with projectId, title and type.', 'too_many_parts');
    if (isBrokenForm(err)) throw malformed();
    throw err;
  }
}
