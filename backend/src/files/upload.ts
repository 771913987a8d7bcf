import { finished } from 'node:stream/promises';
import { isAcceptedImage } from '@app/contracts/api/files';
import { isStorableText } from '@app/contracts/events/values';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { DomainError, invalid } from '../platform/errors.ts';
import { invalidFileType } from './images.ts';

export interface Upload {
  bytes: Buffer;
  filename: string;
  mimetype: string;
}

interface PartRules {
  field: string;
  maxBytes: number;
  /** The answer for a file over maxBytes (a 413) and for a name and type that are no image (a 400). */
  tooLarge(filename: string): DomainError;
  invalidType(filename: string): DomainError;
}

const notMultipart = () =>
  new DomainError(415, 'unsupported_media_type', 'Send the file as multipart/form-data.');
export const malformed = () =>
  invalid('The upload could not be read: send the files as multipart/form-data.', 'invalid_multipart');

/**
 * A multipart request the parser can read: multipart/form-data with its boundary, at most the 70 characters
 * RFC 2046 allows (busboy throws on one past 256), or a 400 rather than a crash.
 */
export function checkMultipart(request: FastifyRequest) {
  if (!request.isMultipart()) throw notMultipart();
  const boundary = /;\s*boundary=(?:"([^"]+)"|([^\s;]+))/i.exec(String(request.headers['content-type']));
  const value = boundary?.[1] ?? boundary?.[2];
  if (!value || value.length > 70) throw malformed();
}

/**
 * What busboy and @fastify/multipart say of a body that does not follow its own boundaries (cut short, a
 * boundary the body does not use, a part head without its file): the sender's mistake, answered 400.
 */
const BROKEN_FORM =
  /^(Unexpected end of multipart data|(Part|Preamble) terminated early due to unexpected end of multipart data|Multipart: Boundary not found|Boundary required)/;
const BROKEN_FORM_CODES = new Set([
  'FST_MP_PREMATURE_CLOSE',
  'FST_PROTO_VIOLATION',
  'FST_INVALID_JSON_FIELD_ERROR',
]);

export const isBrokenForm = (err: unknown) =>
  err instanceof Error &&
  !(err instanceof DomainError) &&
  (BROKEN_FORM.test(err.message) || BROKEN_FORM_CODES.has((err as { code?: string }).code ?? ''));

/**
 * A file's name is kept with it (a photo's caption, a document's name), so one the store cannot hold (a NUL) is
 * refused as the input rules refuse such a text anywhere else, before a byte of the file is read.
 */
export function checkFilename(filename: string) {
  if (!isStorableText(filename))
    throw invalid(
      'The file name has a character that cannot be stored: rename the file and send it again.',
      'invalid_file_name',
    );
}

const noFile = (field: string) =>
  invalid(`Choose a file to upload (form field "${field}").`, 'file_required');

/**
 * One file part into memory. The type is checked before a byte is read and the size while reading
 * (busboy stops at `maxBytes`), so a refused upload costs little.
 */
async function readPart(request: FastifyRequest, part: MultipartFile, rules: PartRules): Promise<Upload> {
  if (part.fieldname !== rules.field) throw noFile(rules.field);
  checkFilename(part.filename);
  if (!isAcceptedImage(part.filename, part.mimetype)) throw rules.invalidType(part.filename);
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (err) {
    if (err instanceof request.server.multipartErrors.RequestFileTooLargeError)
      throw rules.tooLarge(part.filename);
    throw err;
  }
  // toBuffer only notices the limit when a chunk arrives after it; when the cut falls on the last chunk
  // (usual over a real socket) it answers the first maxBytes as if they were the whole file.
  if (part.file.truncated) throw rules.tooLarge(part.filename);
  if (bytes.length === 0) throw invalid(`The file ${part.filename} is empty.`, 'file_required');
  return { bytes, filename: part.filename, mimetype: part.mimetype };
}

/** Reads the one image of a multipart/form-data request into memory (the company logo). */
export async function readImageUpload(
  request: FastifyRequest,
  options: { field: string; maxBytes: number; tooLargeMessage: string },
): Promise<Upload> {
  checkMultipart(request);
  try {
    const part: MultipartFile | undefined = await request.file({
      limits: { fileSize: options.maxBytes, files: 1 },
    });
    if (!part) throw noFile(options.field);
    const upload = await readPart(request, part, {
      field: options.field,
      maxBytes: options.maxBytes,
      tooLarge: () => new DomainError(413, 'file_too_large', options.tooLargeMessage),
      invalidType: invalidFileType,
    });
    // The file may be whole before the request is: nothing is acted on until the body has arrived to its end,
    // so a sender that gives up (or is cut) after the file changes nothing.
    await finished(request.raw).catch(() => {
      throw malformed();
    });
    return upload;
  } catch (err) {
    // Cut short in the file itself, the form fails while the file is read, not when its part is found.
    throw isBrokenForm(err) ? malformed() : err;
  }
}

/**
 * The images of a multipart/form-data request, one at a time: the caller finishes with one file (and
 * lets go of its bytes) before the next is read, so memory holds one original at a time. A refused file
 * ends the iteration with its error; a request without any file is refused too.
 */
export async function* readImageUploads(
  request: FastifyRequest,
  rules: PartRules & { maxFiles: number; tooMany: string },
): AsyncGenerator<Upload> {
  checkMultipart(request);
  let count = 0;
  try {
    // The app-wide defaults allow one file in 20 parts; this request may carry maxFiles and a few fields.
    const limits = { fileSize: rules.maxBytes, files: rules.maxFiles, parts: rules.maxFiles + 10 };
    for await (const part of request.files({ limits })) {
      count++;
      yield await readPart(request, part, rules);
    }
  } catch (err) {
    const { FilesLimitError, PartsLimitError } = request.server.multipartErrors;
    if (err instanceof FilesLimitError || err instanceof PartsLimitError)
      throw new DomainError(413, 'too_many_files', rules.tooMany);
    if (isBrokenForm(err)) throw malformed();
    throw err;
  }
  if (count === 0) throw noFile(rules.field);
}
