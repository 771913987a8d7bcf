import {
  PHOTO_JPEG_QUALITY,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_FILES,
  PHOTO_MAX_SIDE,
  PHOTO_THUMBNAIL_QUALITY,
  PHOTO_THUMBNAIL_SIDE,
  photoInvalidTypeMessage,
  photoTooLargeMessage,
  photoUnreadableMessage,
} from '@app/contracts/api/projects';
import type { FastifyRequest } from 'fastify';
import { DomainError, invalid } from '../platform/errors.ts';
import { decodeToSharp, encodeJpeg } from './images.ts';
import type { fileStore } from './store.ts';
import { readImageUploads, type Upload } from './upload.ts';

/** A photo made ready to store: the picture and its thumbnail as JPEGs, and the name it was sent with. */
export interface PreparedPhoto {
  name: string;
  picture: Buffer;
  thumbnail: Buffer;
}

/** The name shown under a photo: the sender's file name, without any folder part, bounded. */
const displayName = (filename: string) => filename.split(/[\\/]/).pop()?.trim().slice(0, 200) || 'photo.jpg';

/**
 * Decodes an uploaded picture once (HEIC, BMP and the rest, turned upright) and makes the stored JPEG
 * and its thumbnail from it. A refusal names the file, as the spec's messages do.
 */
export async function preparePhoto(upload: Upload): Promise<PreparedPhoto> {
  const name = displayName(upload.filename);
  try {
    const image = await decodeToSharp(upload.bytes);
    const [picture, thumbnail] = await Promise.all([
      encodeJpeg(image.clone(), { maxSide: PHOTO_MAX_SIDE, quality: PHOTO_JPEG_QUALITY }),
      encodeJpeg(image.clone(), { maxSide: PHOTO_THUMBNAIL_SIDE, quality: PHOTO_THUMBNAIL_QUALITY }),
    ]);
    return { name, picture, thumbnail };
  } catch (err) {
    if (err instanceof DomainError && err.code === 'invalid_file_type')
      throw invalid(photoInvalidTypeMessage(name), err.code);
    if (err instanceof DomainError && err.code === 'invalid_image')
      throw invalid(photoUnreadableMessage(name), err.code);
    if (err instanceof DomainError && (err.code === 'image_too_large' || err.code === 'image_too_slow'))
      throw new DomainError(err.status, err.code, `${name}: ${err.message}`);
    throw err;
  }
}

/**
 * Reads and prepares every photo of an upload request (form field `file`, one or more files). Nothing is
 * stored here: when any file is refused the whole request is, so the caller stores only after this returns.
 */
export async function readPhotoUploads(request: FastifyRequest): Promise<PreparedPhoto[]> {
  const prepared: PreparedPhoto[] = [];
  const uploads = readImageUploads(request, {
    field: 'file',
    maxBytes: PHOTO_MAX_BYTES,
    maxFiles: PHOTO_MAX_FILES,
    tooMany: `Too many files: upload at most ${PHOTO_MAX_FILES} photos at a time.`,
    tooLarge: (filename) =>
      new DomainError(413, 'file_too_large', photoTooLargeMessage(displayName(filename))),
    invalidType: (filename) => invalid(photoInvalidTypeMessage(displayName(filename)), 'invalid_file_type'),
  });
  for await (const upload of uploads) prepared.push(await preparePhoto(upload));
  return prepared;
}

/** Stores a prepared photo by content address; storing the same picture again is harmless. */
export async function storePhoto(files: ReturnType<typeof fileStore>, photo: PreparedPhoto) {
  const [picture, thumbnail] = await Promise.all([
    files.put('photos', photo.picture, 'jpg'),
    files.put('thumbnails', photo.thumbnail, 'jpg'),
  ]);
  return { file: picture.name, thumbnail: thumbnail.name, name: photo.name };
}
