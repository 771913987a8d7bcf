/** Where the API serves a stored file (`kind` is its folder: logos, photos, thumbnails). */
export const fileAddress = (kind: string, name: string) => `/api/files/${kind}/${name}`;

/** The image types the spec accepts for uploads (logo, project photos), by extension or MIME type: either is enough. */
export const IMAGE_EXTENSIONS = ['jpeg', 'jpg', 'png', 'gif', 'webp', 'heic', 'heif', 'bmp', 'tiff'] as const;
const IMAGE_MIME_TYPES = new Set([
  'image/jpeg',
  'image/jpg',
  'image/pjpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/heic',
  'image/heif',
  'image/heic-sequence',
  'image/heif-sequence',
  'image/bmp',
  'image/x-bmp',
  'image/x-ms-bmp',
  'image/tiff',
]);

/** The `accept` attribute of an image picker. */
export const IMAGE_ACCEPT = [...IMAGE_MIME_TYPES, ...IMAGE_EXTENSIONS.map((ext) => `.${ext}`)].join(',');

const extensionOf = (filename: string) =>
  filename.includes('.') ? (filename.split('.').pop() ?? '').toLowerCase() : '';

export function isAcceptedImage(filename: string, mimetype: string): boolean {
  const type = mimetype.split(';')[0]!.trim().toLowerCase();
  return (
    IMAGE_MIME_TYPES.has(type) || (IMAGE_EXTENSIONS as readonly string[]).includes(extensionOf(filename))
  );
}
