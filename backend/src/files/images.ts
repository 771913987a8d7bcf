import { decode as decodeBmp } from 'bmp-ts';
import Piscina from 'piscina';
import sharp, { type Sharp } from 'sharp';
import { DomainError, invalid } from '../platform/errors.ts';

/** Larger pictures are refused before decoding: a small file can claim huge dimensions (a decompression bomb). */
export const MAX_INPUT_PIXELS = 64_000_000;

export const invalidFileType = () =>
  invalid('Invalid file type: choose a JPEG, PNG, GIF, WebP, HEIC, BMP or TIFF image.', 'invalid_file_type');
export const unreadableImage = () =>
  invalid(
    'Invalid image: the file could not be read as a picture. Try saving it again as JPEG or PNG.',
    'invalid_image',
  );

/**
 * Opens an uploaded picture as a sharp pipeline, already turned upright (EXIF orientation).
 * The decoder is chosen from the bytes, not the name: the prebuilt sharp reads neither BMP nor
 * HEVC-coded HEIC, so those two go through pure-JS/wasm decoders and reach sharp as raw pixels.
 * Anything unreadable is a 400 (`invalid_image`), a readable non-image format a 400 (`invalid_file_type`).
 */
export async function decodeToSharp(bytes: Buffer): Promise<Sharp> {
  const decoder = decoderFor(bytes);
  try {
    switch (decoder) {
      case 'bmp':
        return fromBmp(bytes);
      case 'heic':
        return await fromHeic(bytes);
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
  const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
  const { format } = await image.metadata();
  if (!SHARP_FORMATS.has(format)) throw invalidFileType();
  return image.rotate();
}

type HeicResult = { width: number; height: number; data: Uint8ClampedArray } | { tooLarge: true };

/** One worker thread for HEIC decoding, started on first use and stopped when idle. */
let heicPool: Piscina | undefined;
const heicWorkers = () => {
  heicPool ??= new Piscina({
    filename: new URL('./heic-worker.js', import.meta.url).href,
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 30_000,
  });
  return heicPool;
};

async function fromHeic(bytes: Buffer): Promise<Sharp> {
  const decoded: HeicResult = await heicWorkers().run({ bytes, maxPixels: MAX_INPUT_PIXELS });
  if ('tooLarge' in decoded) throw unreadableImage();
  const { width, height, data } = decoded;
  // libheif has already applied the file's rotation and mirroring; there is no EXIF left to read.
  return sharp(data, { raw: { width, height, channels: 4 } });
}

/** The bmp-ts decoder handles 1/4/8/16/24/32-bit and bit-field BMPs; its RLE path mixes up channels, so RLE is refused. */
const BMP_HEADER_SIZES = new Set([40, 52, 56, 108, 124]);
const BMP_UNCOMPRESSED = 0;
const BMP_BITFIELDS = [3, 6];

function fromBmp(bytes: Buffer): Sharp {
  // Check the header before decoding, so made-up dimensions cannot make the decoder allocate gigabytes.
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
    height > 0 &&
    width * height <= MAX_INPUT_PIXELS &&
    pixelsAt + rowBytes * height <= bytes.length;
  if (!readable) throw unreadableImage();

  // bmp-ts answers 4 bytes a pixel as A,B,G,R (its `toRGBA` option is not applied to palette images);
  // BMP alpha is rarely meaningful (often all zero), so keep the colour only.
  const { data } = decodeBmp(bytes);
  const rgb = Buffer.alloc(width * height * 3);
  for (let i = 0, o = 0; o < rgb.length; i += 4, o += 3) {
    rgb[o] = data[i + 3]!;
    rgb[o + 1] = data[i + 2]!;
    rgb[o + 2] = data[i + 1]!;
  }
  return sharp(rgb, { raw: { width, height, channels: 3 } });
}
