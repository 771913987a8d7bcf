import { isAcceptedImage } from '@app/contracts/api/files';
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

/** A multipart request the parser can read: multipart/form-data with its boundary (a 400 otherwise, not a crash). */
export function checkMultipart(request: FastifyRequest) {
  if (!request.isMultipart()) throw notMultipart();
  if (!/;\s*boundary=("[^"]+"|[^\s;]+)/i.test(String(request.headers['content-type']))) throw malformed();
}

/** busboy's complaints about a body that does not follow its own boundaries are the sender's mistake. */
export const isBrokenForm = (err: unknown) =>
  err instanceof Error &&
  !(err instanceof DomainError) &&
  /^(Unexpected end of form|Malformed part header|Multipart: Boundary not found)/.test(err.message);

const noFile = (field: string) =>
  invalid(`Choose a file to upload (form field "${field}").`, 'file_required');

/**
 * One file part into memory. The type is checked before a byte is read and the size while reading
 * (busboy stops at `maxBytes`), so a refused upload costs little.
 */
async function readPart(request: FastifyRequest, part: MultipartFile, rules: PartRules): Promise<Upload> {
  if (part.fieldname !== rules.field) throw noFile(rules.field);
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
  const part: MultipartFile | undefined = await request
    .file({ limits: { fileSize: options.maxBytes, files: 1 } })
    .catch((err: unknown) => {
      throw isBrokenForm(err) ? malformed() : err;
    });
  if (!part) throw noFile(options.field);
  return readPart(request, part, {
    field: options.field,
    maxBytes: options.maxBytes,
    tooLarge: () => new DomainError(413, 'file_too_large', options.tooLargeMessage),
    invalidType: invalidFileType,
  });
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
