import type { TProjectPhotoRef } from '@app/contracts/events/projects';
import sharp from 'sharp';
import { preparePhoto, storePhoto } from '../src/files/photos.ts';
import type { fileStore } from '../src/files/store.ts';
import type { Random } from './prng.ts';

const WIDTH = 64;
const HEIGHT = 48;

/**
 * A small made-up job-site photo as a JPEG: a sky (day, dusk or night with an aurora band), snow or tundra
 * ground, and a building of some colour with a lit window. Varied enough that the photo grids look real.
 */
export async function jobSitePicture(random: Random): Promise<Buffer> {
  const pixels = Buffer.alloc(WIDTH * HEIGHT * 3);
  const sky = random.pick([
    [110, 170, 230],
    [250, 170, 120],
    [20, 30, 70],
    [170, 190, 210],
  ] as const);
  const ground = random.pick([
    [235, 240, 245],
    [120, 110, 80],
    [70, 100, 60],
  ] as const);
  const wall = [random.int(60, 200), random.int(40, 160), random.int(30, 140)] as const;
  const horizon = random.int(24, 34);
  const house = { x: random.int(6, 34), w: random.int(14, 24), h: random.int(10, 18) };
  const aurora = sky[2] === 70 && random.chance(0.7);
  for (let y = 0; y < HEIGHT; y++)
    for (let x = 0; x < WIDTH; x++) {
      let rgb: readonly number[] = y < horizon ? sky.map((c) => Math.max(0, c - y)) : ground;
      if (aurora && Math.abs(y - 8 - 4 * Math.sin(x / 7)) < 2) rgb = [60, 220, 120];
      const inHouse = x >= house.x && x < house.x + house.w && y >= horizon - house.h && y < horizon + 2;
      if (inHouse) rgb = wall;
      const window =
        inHouse &&
        x >= house.x + 3 &&
        x < house.x + 7 &&
        y >= horizon - house.h + 3 &&
        y < horizon - house.h + 7;
      if (window) rgb = [255, 220, 120];
      pixels.set(rgb, (y * WIDTH + x) * 3);
    }
  return sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/**
 * `count` photos made, then prepared and stored as an admin's upload is (`preparePhoto`, `storePhoto`): the
 * projects share them (stored files are named by content, so a picture is kept once however often it is used).
 */
export async function storedPhotoPalette(
  random: Random,
  files: ReturnType<typeof fileStore>,
  count: number,
): Promise<TProjectPhotoRef[]> {
  const refs: TProjectPhotoRef[] = [];
  for (let i = 0; i < count; i++) {
    const bytes = await jobSitePicture(random);
    const prepared = await preparePhoto({ bytes, filename: `site-${i + 1}.jpg`, mimetype: 'image/jpeg' });
    refs.push(await storePhoto(files, prepared));
  }
  return refs;
}

/** A drawn signature as the signature pad sends it: a PNG data URL of a dark scribble on white. */
export async function signatureDataUrl(random: Random): Promise<string> {
  const width = 240;
  const height = 60;
  const pixels = Buffer.alloc(width * height * 3, 255);
  const a = random.int(6, 14);
  const b = random.int(3, 8);
  for (let x = 10; x < width - 10; x++) {
    const y = Math.round(height / 2 + a * Math.sin(x / b) * Math.cos(x / 31));
    for (let dy = 0; dy < 2; dy++) pixels.set([20, 30, 90], ((y + dy) * width + x) * 3);
  }
  const png = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}
