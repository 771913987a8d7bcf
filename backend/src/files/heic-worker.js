// Decodes HEIC/HEIF pictures off the main thread: libheif (WebAssembly) takes seconds on a phone photo,
// which on the main thread would stall every request. Plain JavaScript, so a worker thread loads it
// without a TypeScript loader (under tsx and under vitest alike).
import decodeHeic from 'heic-decode';

/**
 * @param {{ bytes: Uint8Array, maxPixels: number }} task
 * @returns {Promise<{ width: number, height: number, data: Uint8ClampedArray } | { tooLarge: true }>}
 */
export default async function decode({ bytes, maxPixels }) {
  const images = await decodeHeic.all({ buffer: bytes });
  try {
    const first = images[0];
    if (!first) throw new Error('no image in the file');
    if (first.width * first.height > maxPixels) return { tooLarge: true };
    return await first.decode();
  } finally {
    images.dispose();
  }
}
