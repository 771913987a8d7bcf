// Decodes the pictures sharp cannot read (BMP, HEVC-coded HEIC) off the main thread: these decoders are
// JavaScript/WebAssembly and take seconds on a large picture, which on the main thread would stall every
// request. Plain JavaScript, so a worker thread loads it without a TypeScript loader (tsx and vitest alike).
// The caller has checked the dimensions in the file's header against its pixel limit before sending it.
import { decode as decodeBmp } from 'bmp-ts';
import decodeHeic from 'heic-decode';
import Piscina from 'piscina';

/**
 * @param {{ format: 'bmp' | 'heic', bytes: Uint8Array, maxPixels: number }} task
 * @returns {Promise<{ width: number, height: number, channels: 3 | 4, data: Uint8Array } | { tooLarge: true }>}
 */
export default async function decode({ format, bytes, maxPixels }) {
  const result =
    format === 'bmp'
      ? bmp(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length))
      : await heic(bytes, maxPixels);
  if ('tooLarge' in result) return result;
  // The pixels are handed over, not copied: a 40-megapixel picture is over 100 MB.
  return Piscina.move({
    [Piscina.transferableSymbol]: result.data.buffer,
    [Piscina.valueSymbol]: result,
  });
}

function bmp(bytes) {
  // bmp-ts answers 4 bytes a pixel as A,B,G,R (its `toRGBA` option is not applied to palette images);
  // BMP alpha is rarely meaningful (often all zero), so keep the colour only.
  const { data, width, height } = decodeBmp(bytes);
  const rgb = new Uint8Array(width * Math.abs(height) * 3);
  for (let i = 0, o = 0; o < rgb.length; i += 4, o += 3) {
    rgb[o] = data[i + 3];
    rgb[o + 1] = data[i + 2];
    rgb[o + 2] = data[i + 1];
  }
  return { width, height: Math.abs(height), channels: 3, data: rgb };
}

async function heic(bytes, maxPixels) {
  const images = await decodeHeic.all({ buffer: bytes });
  try {
    const first = images[0];
    if (!first) throw new Error('no image in the file');
    if (first.width * first.height > maxPixels) return { tooLarge: true };
    const { width, height, data } = await first.decode();
    // A copy of its own, so that its buffer can be handed over whatever the decoder keeps it in.
    return { width, height, channels: 4, data: new Uint8Array(data) };
  } finally {
    images.dispose();
  }
}
