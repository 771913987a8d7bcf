import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileAddress } from '@app/contracts/api/files';

/**
 * The kinds of stored file: each is a folder under FILES_DIR and a segment of its public address.
 * A project photo is two files: the picture under `photos` and its small copy under `thumbnails`.
 */
export const FILE_KINDS = ['logos', 'photos', 'thumbnails', 'documents'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

const CONTENT_TYPES = {
  jpg: 'image/jpeg',
  png: 'image/png',
  // Documents (private: served by the documents routes to those who may see the document).
  gif: 'image/gif',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  txt: 'text/plain; charset=utf-8',
  mp4: 'video/mp4',
  avi: 'video/x-msvideo',
  mov: 'video/quicktime',
  zip: 'application/zip',
  rar: 'application/vnd.rar',
} as const;
export type StoredExtension = keyof typeof CONTENT_TYPES;

/**
 * A stored file is named by the SHA-256 of its bytes, so an address never changes what it shows
 * (browsers may cache it forever) and storing the same bytes twice is harmless.
 */
export const STORED_NAME = new RegExp(`^[0-9a-f]{64}\\.(${Object.keys(CONTENT_TYPES).join('|')})$`);

export const fileUrl = (kind: FileKind, name: string) => fileAddress(kind, name);

export interface StoredFile {
  path: string;
  size: number;
  contentType: string;
}

/** Files on local disk under `root` (config FILES_DIR): `<root>/<kind>/<sha256>.<ext>`. */
export function fileStore(root: string) {
  return {
    async put(kind: FileKind, bytes: Buffer, extension: StoredExtension) {
      const name = `${createHash('sha256').update(bytes).digest('hex')}.${extension}`;
      const folder = join(root, kind);
      await mkdir(folder, { recursive: true });
      const path = join(folder, name);
      // Written under a temporary name and renamed, so a reader never sees half a file.
      const temporary = `${path}.${randomUUID()}.tmp`;
      await writeFile(temporary, bytes);
      await rename(temporary, path);
      return { name, url: fileUrl(kind, name) };
    },

    /**
     * Takes in a file already written under `kind`'s folder (see `incomingPath`) whose SHA-256 the caller
     * computed while writing it: renamed into place, so a large upload is never held in memory.
     */
    async adopt(kind: FileKind, incoming: string, sha256: string, extension: StoredExtension) {
      const name = `${sha256}.${extension}`;
      await rename(incoming, join(root, kind, name));
      return { name, url: fileUrl(kind, name) };
    },

    /** A fresh temporary path in `kind`'s folder (same disk, so `adopt` is a rename). */
    async incomingPath(kind: FileKind) {
      const folder = join(root, kind);
      await mkdir(folder, { recursive: true });
      return join(folder, `incoming-${randomUUID()}.tmp`);
    },

    /** The file, or null; `name` must already match STORED_NAME (the route's schema checks it). */
    async find(kind: FileKind, name: string): Promise<StoredFile | null> {
      if (!STORED_NAME.test(name)) return null;
      const path = join(root, kind, name);
      const info = await stat(path).catch(() => null);
      if (!info?.isFile()) return null;
      const extension = name.slice(name.lastIndexOf('.') + 1) as StoredExtension;
      return { path, size: info.size, contentType: CONTENT_TYPES[extension] };
    },
  };
}
