import { isAcceptedImage } from '@app/contracts/api/files';
import { LOGO_MAX_BYTES } from '@app/contracts/api/settings';

/** Logo upload rules (spec part 2, section 2.10): these image types, by type or extension, up to 5MB.
 * The browser checks first so a refused file is never sent; the server checks the same again. */
/** Why a chosen file cannot be the logo, as the toast says it; null when it can. */
export function logoProblem(file: {
  name: string;
  type: string;
  size: number;
}): { title: string; description: string } | null {
  if (!isAcceptedImage(file.name, file.type)) {
    return {
      title: 'Invalid file type',
      description: 'Please choose a JPEG, PNG, GIF, WEBP, HEIC, HEIF, BMP or TIFF image.',
    };
  }
  if (file.size > LOGO_MAX_BYTES)
    return { title: 'File too large', description: 'The logo must be at most 5MB.' };
  return null;
}
