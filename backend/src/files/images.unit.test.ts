import { isAcceptedImage } from '@app/contracts/api/files';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { heicSample, solidBmp, stripedBmp } from '../../test/fixtures/images.ts';
import { decodeToSharp, encodeJpeg, toJpeg, workerDecodes } from './images.ts';

const LOGO = { maxSide: 300, quality: 0.8 };
const describeJpeg = async (jpeg: Buffer) => {
  const { format, width, height } = await sharp(jpeg).metadata();
  const { data } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  return { format, width, height, firstPixel: [...data.subarray(0, 3)] };
};
const near = (actual: number[], expected: number[]) =>
  actual.every((v, i) => Math.abs(v - expected[i]!) <= 8);

describe('isAcceptedImage', () => {
  it('accepts the spec types by MIME type or by extension', () => {
    expect(isAcceptedImage('logo.png', 'image/png')).toBe(true);
    expect(isAcceptedImage('IMG_0001.HEIC', 'application/octet-stream')).toBe(true);
    expect(isAcceptedImage('scan', 'image/tiff')).toBe(true);
    expect(isAcceptedImage('old.bmp', '')).toBe(true);
    expect(isAcceptedImage('picture', 'image/x-ms-bmp')).toBe(true);
    for (const ext of ['jpeg', 'jpg', 'gif', 'webp', 'heif', 'tiff'])
      expect(isAcceptedImage(`a.${ext}`, '')).toBe(true);
  });

  it('refuses anything else', () => {
    expect(isAcceptedImage('notes.txt', 'text/plain')).toBe(false);
    expect(isAcceptedImage('logo.svg', 'image/svg+xml')).toBe(false);
    expect(isAcceptedImage('png', 'application/octet-stream')).toBe(false);
    expect(isAcceptedImage('archive.png.zip', 'application/zip')).toBe(false);
  });
});

describe('toJpeg', () => {
  it('shrinks a large PNG to the longest side and flattens transparency onto white', async () => {
    const png = await sharp({
      create: { width: 1200, height: 800, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    const out = await describeJpeg(await toJpeg(png, LOGO));
    expect(out).toMatchObject({ format: 'jpeg', width: 300, height: 200 });
    expect(near(out.firstPixel, [255, 128, 128])).toBe(true);
  });

  it('does not enlarge a small picture', async () => {
    const gif = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#00f' } })
      .gif()
      .toBuffer();
    expect(await describeJpeg(await toJpeg(gif, LOGO))).toMatchObject({ width: 40, height: 20 });
  });

  it('turns a photo upright from its EXIF orientation', async () => {
    const sideways = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#888' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect(await describeJpeg(await toJpeg(sideways, LOGO))).toMatchObject({ width: 200, height: 300 });
  });

  it('decodes HEIC (which the prebuilt sharp cannot) through heic-decode', async () => {
    expect(await describeJpeg(await toJpeg(await heicSample(), LOGO))).toMatchObject({
      format: 'jpeg',
      width: 300,
      height: 225,
    });
  });

  it('decodes 24-bit and 8-bit palette BMPs with their colours in place', async () => {
    for (const bits of [24, 8] as const) {
      const out = await describeJpeg(await toJpeg(solidBmp(600, 150, [200, 30, 60], bits), LOGO));
      expect(out).toMatchObject({ format: 'jpeg', width: 300, height: 75 });
      expect(near(out.firstPixel, [200, 30, 60])).toBe(true);
    }
  });

  it('can make several sizes from one decode', async () => {
    const image = await decodeToSharp(await heicSample());
    const [big, small] = await Promise.all([
      encodeJpeg(image.clone(), { maxSide: 600, quality: 0.8 }),
      encodeJpeg(image.clone(), { maxSide: 100, quality: 0.8 }),
    ]);
    expect((await describeJpeg(big)).width).toBe(600);
    expect((await describeJpeg(small)).width).toBe(100);
  });

  it('answers a 400 for bytes that are no picture, a broken one, or a format the spec does not accept', async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#0f0' } })
      .png()
      .toBuffer();
    const cases: [Buffer, string][] = [
      [Buffer.from('just some text'), 'invalid_image'],
      [png.subarray(0, 60), 'invalid_image'],
      [Buffer.concat([Buffer.from('BM'), Buffer.alloc(10)]), 'invalid_image'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>'), 'invalid_file_type'],
    ];
    for (const [bytes, code] of cases) {
      await expect(toJpeg(bytes, LOGO)).rejects.toMatchObject({ status: 400, code });
    }
  });

  it('refuses a BMP whose header claims more pixels than the file holds, before decoding it', async () => {
    const liar = solidBmp(4, 4, [0, 0, 0]);
    liar.writeInt32LE(3000, 18);
    liar.writeInt32LE(3000, 22);
    await expect(toJpeg(liar, LOGO)).rejects.toMatchObject({ status: 400, code: 'invalid_image' });
    liar.writeInt32LE(60_000, 18);
    liar.writeInt32LE(60_000, 22);
    await expect(toJpeg(liar, LOGO)).rejects.toMatchObject({ status: 413, code: 'image_too_large' });
    const rle = solidBmp(4, 4, [0, 0, 0], 8);
    rle.writeUInt32LE(1, 30);
    await expect(toJpeg(rle, LOGO)).rejects.toMatchObject({ status: 400, code: 'invalid_image' });
  });
});

describe('decoding stays off the event loop, bounded in pixels and time', () => {
  it('decodes a 36-megapixel BMP in the worker thread, not on the event loop', async () => {
    const before = workerDecodes();
    const out = await toJpeg(stripedBmp(6000, 6000), LOGO);
    expect(await describeJpeg(out)).toMatchObject({ format: 'jpeg', width: 300, height: 300 });
    expect(workerDecodes()).toBe(before + 1);
  });

  it('refuses a picture over 40 megapixels from its header, whatever the format', async () => {
    const png = await sharp({ create: { width: 8000, height: 5001, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 1 })
      .toBuffer();
    const refusal = { status: 413, code: 'image_too_large' };
    await expect(toJpeg(png, LOGO)).rejects.toMatchObject(refusal);
    await expect(toJpeg(stripedBmp(8000, 8000), LOGO)).rejects.toMatchObject(refusal);
  });

  it('gives up a decode that takes too long (413) and decodes the next picture in a fresh worker', async () => {
    await expect(decodeToSharp(stripedBmp(6000, 6000), { timeoutMs: 20 })).rejects.toMatchObject({
      status: 413,
      code: 'image_too_slow',
    });
    const out = await describeJpeg(await toJpeg(solidBmp(60, 30, [10, 200, 10]), LOGO));
    expect(out).toMatchObject({ width: 60, height: 30 });
  });
});
