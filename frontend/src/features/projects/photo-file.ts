import { isAcceptedImage } from '@app/contracts/api/files';
import { PHOTO_MAX_BYTES } from '@app/contracts/api/projects';

export type FileProblem = { title: string; description: string };

/**
 * Why a chosen file cannot be uploaded as a project photo, as the toast says it; null when it can.
 * The browser checks first so a refused file is never sent; the server checks the same again.
 */
export function photoProblem(file: { name: string; type: string; size: number }): FileProblem | null {
  if (!isAcceptedImage(file.name, file.type)) {
    return {
      title: 'Invalid file type',
      description: `${file.name} is not a supported image format. Please use JPG, PNG, HEIC, or other common image formats.`,
    };
  }
  if (file.size > PHOTO_MAX_BYTES) {
    return {
      title: 'File too large',
      description: `${file.name} is too large. Please use images under 10MB.`,
    };
  }
  return null;
}

/** Splits a choice of files into those to upload and the first refusal to show (one toast at a time). */
export function sortPhotos<F extends { name: string; type: string; size: number }>(
  files: readonly F[],
): { accepted: F[]; problem: FileProblem | null } {
  const accepted: F[] = [];
  let problem: FileProblem | null = null;
  for (const file of files) {
    const refusal = photoProblem(file);
    if (refusal) problem ??= refusal;
    else accepted.push(file);
  }
  return { accepted, problem };
}
