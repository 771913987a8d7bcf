import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { heicSample } from '../../test/fixtures/images.ts';
import { preparePhoto } from './photos.ts';

const size = async (jpeg: Buffer) => {
  const { format, width, height } = await sharp(jpeg).metadata();
  return { format, width, height };
};
const upload = (bytes: Buffer, filename: string) => ({ bytes, filename, mimetype: '' });

describe('preparePhoto', () => {
  it('makes an upright picture of at most 2048 px and a 400 px thumbnail from one decode', async () => {
    const sideways = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#888' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const photo = await preparePhoto(upload(sideways, 'C:\\fakepath\\IMG_1.jpg'));
    expect(photo.name).toBe('IMG_1.jpg');
    expect(await size(photo.picture)).toEqual({ format: 'jpeg', width: 1536, height: 2048 });
    expect(await size(photo.thumbnail)).toEqual({ format: 'jpeg', width: 300, height: 400 });
  });

  it('converts HEIC', async () => {
    const photo = await preparePhoto(upload(await heicSample(), 'IMG_2.heic'));
    expect(await size(photo.picture)).toEqual({ format: 'jpeg', width: 640, height: 480 });
    expect(await size(photo.thumbnail)).toEqual({ format: 'jpeg', width: 400, height: 300 });
  });

  it('names the file in its refusals', async () => {
    await expect(preparePhoto(upload(Buffer.from('nope'), 'a.png'))).rejects.toMatchObject({
      status: 400,
      code: 'invalid_image',
      message: 'Failed to process a.png. Please try again.',
    });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>');
    await expect(preparePhoto(upload(svg, 'b.png'))).rejects.toMatchObject({
      status: 400,
      code: 'invalid_file_type',
      message:
        'Invalid file type: b.png is not a supported image format. Please use JPG, PNG, HEIC, or other common image formats.',
    });
  });
});
