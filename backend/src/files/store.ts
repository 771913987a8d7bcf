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

const CONTENT_TYPES = { jpg: 'image/jpeg', png: 'image/png' } as const;
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
