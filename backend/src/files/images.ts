import Piscina from 'piscina';
import sharp, { type Sharp } from 'sharp';
import { DomainError, invalid } from '../platform/errors.ts';

/**
 * Larger pictures are refused from their header, before any decoding: a small file can claim huge
 * dimensions (a decompression bomb), and decoding 40 megapixels already takes seconds and 160 MB.
 */
export const MAX_INPUT_PIXELS = 40_000_000;
/** The longest one picture may take to decode in the worker before it is given up (and the worker replaced). */
export const DECODE_TIMEOUT_MS = 15_000;

export const invalidFileType = () =>
  invalid('Invalid file type: choose a JPEG, PNG, GIF, WebP, HEIC, BMP or TIFF image.', 'invalid_file_type');
export const unreadableImage = () =>
  invalid(
    'Invalid image: the file could not be read as a picture. Try saving it again as JPEG or PNG.',
    'invalid_image',
  );
export const tooManyPixels = () =>
  new DomainError(
    413,
    'image_too_large',
    `The picture is too large: at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels. Please use a smaller image.`,
  );
export const decodeTooSlow = () =>
  new DomainError(
    413,
    'image_too_slow',
    'The picture took too long to process. Please save it again as JPEG or PNG, or use a smaller image.',
  );

/**
 * Opens an uploaded picture as a sharp pipeline, already turned upright (EXIF orientation).
 * The decoder is chosen from the bytes, not the name: the prebuilt sharp reads neither BMP nor
 * HEVC-coded HEIC, so those two are decoded in a worker thread (decode-worker.js) and reach sharp as raw
 * pixels; sharp itself works on libuv's threads. Nothing decodes on the event loop.
 * Anything unreadable is a 400 (`invalid_image`), a readable non-image format a 400 (`invalid_file_type`),
 * more than MAX_INPUT_PIXELS a 413 (`image_too_large`), a decode over `timeoutMs` a 413 (`image_too_slow`).
 */
export async function decodeToSharp(
  bytes: Buffer,
  { timeoutMs = DECODE_TIMEOUT_MS }: { timeoutMs?: number } = {},
): Promise<Sharp> {
  const decoder = decoderFor(bytes);
  try {
    switch (decoder) {
      case 'bmp':
        checkBmpHeader(bytes);
        return await inWorker('bmp', bytes, timeoutMs);
      case 'heic':
        return await inWorker('heic', bytes, timeoutMs);
      case 'sharp':
        return await fromSharp(bytes);
      default: {
        const unknown: never = decoder;
        return unknown;
      }
    }
  } catch (err) {
    if (err instanceof DomainError) throw err;
    throw unreadableImage();
  }
}

export interface JpegOptions {
  /** The longest side of the result in pixels; smaller pictures are not enlarged. */
  maxSide: number;
  /** 0..1, as the spec states it (0.8 → libjpeg quality 80). */
  quality: number;
}

/** Encodes an opened picture as JPEG; transparent areas become white. Pass `image.clone()` to make several sizes. */
export async function encodeJpeg(image: Sharp, { maxSide, quality }: JpegOptions): Promise<Buffer> {
  try {
    return await image
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: Math.round(quality * 100) })
      .toBuffer();
  } catch {
    // A header can be fine and the pixel data broken: that surfaces only here.
    throw unreadableImage();
  }
}

export async function toJpeg(bytes: Buffer, options: JpegOptions): Promise<Buffer> {
  return encodeJpeg(await decodeToSharp(bytes), options);
}

type Decoder = 'bmp' | 'heic' | 'sharp';
/** Major brands of HEVC-coded HEIF files (the ones heic-decode accepts); AVIF files go to sharp. */
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'mif1', 'msf1']);

function decoderFor(bytes: Buffer): Decoder {
  if (bytes.length >= 2 && bytes.toString('latin1', 0, 2) === 'BM') return 'bmp';
  if (bytes.length >= 16 && bytes.toString('latin1', 4, 8) === 'ftyp') {
    const boxEnd = Math.min(bytes.readUInt32BE(0), bytes.length, 256);
    const brands = [bytes.toString('latin1', 8, 12)];
    for (let at = 16; at + 4 <= boxEnd; at += 4) brands.push(bytes.toString('latin1', at, at + 4));
    if (brands.includes('avif') || brands.includes('avis')) return 'sharp';
    if (HEIC_BRANDS.has(brands[0]!)) return 'heic';
  }
  return 'sharp';
}

/** What sharp may open: its other loaders (SVG, PDF, ...) are not image uploads the spec accepts. */
const SHARP_FORMATS = new Set(['jpeg', 'png', 'gif', 'webp', 'tiff', 'heif']);

async function fromSharp(bytes: Buffer): Promise<Sharp> {
  // metadata() reads the header only, so the pixel limit is checked before anything is decoded; the
  // pipeline keeps sharp's own limit as well.
  const { format, width = 0, height = 0 } = await sharp(bytes, { limitInputPixels: false }).metadata();
  if (!SHARP_FORMATS.has(format)) throw invalidFileType();
  if (width * height > MAX_INPUT_PIXELS) throw tooManyPixels();
  return sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
}

type Decoded = { width: number; height: number; channels: 3 | 4; data: Uint8Array } | { tooLarge: true };

/** One worker thread for the JavaScript decoders, started on first use and stopped when idle. */
let pool: Piscina | undefined;
let decodedInWorker = 0;
/** How many pictures the worker thread has decoded in this process (the main thread decodes none). */
export const workerDecodes = () => decodedInWorker;
const workers = () => {
  pool ??= new Piscina({
    filename: new URL('./decode-worker.js', import.meta.url).href,
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 30_000,
  });
  return pool;
};

/** Decodes in the worker; a decode past `timeoutMs` is aborted, which ends that worker thread (a new one starts). */
async function inWorker(format: 'bmp' | 'heic', bytes: Buffer, timeoutMs: number): Promise<Sharp> {
  let decoded: Decoded;
  try {
    decoded = await workers().run(
      { format, bytes, maxPixels: MAX_INPUT_PIXELS },
      { signal: AbortSignal.timeout(timeoutMs) },
    );
  } catch (err) {
    if (err instanceof Error && err.name === 'AbortError') throw decodeTooSlow();
    throw err;
  }
  if ('tooLarge' in decoded) throw tooManyPixels();
  decodedInWorker++;
  const { width, height, channels, data } = decoded;
  // libheif has already applied a HEIC's rotation and mirroring; neither format has EXIF left to read.
  return sharp(data, { raw: { width, height, channels } });
}

/** The bmp-ts decoder handles 1/4/8/16/24/32-bit and bit-field BMPs; its RLE path mixes up channels, so RLE is refused. */
const BMP_HEADER_SIZES = new Set([40, 52, 56, 108, 124]);
const BMP_UNCOMPRESSED = 0;
const BMP_BITFIELDS = [3, 6];

/** Reads a BMP's header, so made-up or huge dimensions are refused before the decoder allocates anything. */
function checkBmpHeader(bytes: Buffer) {
  if (bytes.length < 54) throw unreadableImage();
  const pixelsAt = bytes.readUInt32LE(10);
  const headerSize = bytes.readUInt32LE(14);
  const width = bytes.readInt32LE(18);
  const height = Math.abs(bytes.readInt32LE(22));
  const bitsPerPixel = bytes.readUInt16LE(28);
  const compression = bytes.readUInt32LE(30);
  const rowBytes = Math.ceil((width * bitsPerPixel) / 32) * 4;
  const readable =
    BMP_HEADER_SIZES.has(headerSize) &&
    [1, 4, 8, 16, 24, 32].includes(bitsPerPixel) &&
    (compression === BMP_UNCOMPRESSED || BMP_BITFIELDS.includes(compression)) &&
    width > 0 &&
    height > 0;
  if (!readable) throw unreadableImage();
  if (width * height > MAX_INPUT_PIXELS) throw tooManyPixels();
  if (pixelsAt + rowBytes * height > bytes.length) throw unreadableImage();
}
