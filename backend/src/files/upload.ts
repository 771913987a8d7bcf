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

/**
 * Reads the one image of a multipart/form-data request into memory. The type is checked before a byte
 * is read and the size while reading (busboy stops at `maxBytes`), so a refused upload costs little.
 */
export async function readImageUpload(
  request: FastifyRequest,
  options: { field: string; maxBytes: number; tooLargeMessage: string },
): Promise<Upload> {
  if (!request.isMultipart()) {
    throw new DomainError(415, 'unsupported_media_type', 'Send the file as multipart/form-data.');
  }
  const part: MultipartFile | undefined = await request.file({
    limits: { fileSize: options.maxBytes, files: 1 },
  });
  if (!part || part.fieldname !== options.field) {
    throw invalid(`Choose a file to upload (form field "${options.field}").`, 'file_required');
  }
  if (!isAcceptedImage(part.filename, part.mimetype)) throw invalidFileType();
  const tooLarge = () => new DomainError(413, 'file_too_large', options.tooLargeMessage);
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (err) {
    if (err instanceof request.server.multipartErrors.RequestFileTooLargeError) throw tooLarge();
    throw err;
  }
  // toBuffer only notices the limit when a chunk arrives after it; when the cut falls on the last chunk
  // (usual over a real socket) it answers the first maxBytes as if they were the whole file.
  if (part.file.truncated) throw tooLarge();
  if (bytes.length === 0) throw invalid('The file is empty.', 'file_required');
  return { bytes, filename: part.filename, mimetype: part.mimetype };
}
