import { PHOTO_MAX_BYTES } from '@app/contracts/api/projects';
import { describe, expect, it } from 'vitest';
import { photoProblem, sortPhotos } from './photo-file';

const MB = 1024 * 1024;

describe('photoProblem', () => {
  it('accepts the common image types, HEIC included, by type or by extension', () => {
    for (const type of ['jpeg', 'png', 'gif', 'webp', 'heic', 'heif', 'bmp', 'tiff']) {
      expect(photoProblem({ name: 'site', type: `image/${type}`, size: MB })).toBeNull();
    }
    expect(photoProblem({ name: 'IMG_0001.HEIC', type: '', size: MB })).toBeNull();
  });

  it('refuses other files with the spec text naming the file', () => {
    expect(photoProblem({ name: 'plan.pdf', type: 'application/pdf', size: MB })).toEqual({
      title: 'Invalid file type',
      description:
        'plan.pdf is not a supported image format. Please use JPG, PNG, HEIC, or other common image formats.',
    });
  });

  it('refuses images over 10MB', () => {
    expect(photoProblem({ name: 'a.jpg', type: 'image/jpeg', size: PHOTO_MAX_BYTES })).toBeNull();
    expect(photoProblem({ name: 'big.jpg', type: 'image/jpeg', size: PHOTO_MAX_BYTES + 1 })).toEqual({
      title: 'File too large',
      description: 'big.jpg is too large. Please use images under 10MB.',
    });
  });
});

describe('sortPhotos', () => {
  it('keeps the good files and reports the first refusal', () => {
    const good = { name: 'a.png', type: 'image/png', size: MB };
    const bad = { name: 'b.txt', type: 'text/plain', size: 10 };
    const huge = { name: 'c.png', type: 'image/png', size: 11 * MB };
    const sorted = sortPhotos([bad, good, huge]);
    expect(sorted.accepted).toEqual([good]);
    expect(sorted.problem?.title).toBe('Invalid file type');
    expect(sortPhotos([good])).toEqual({ accepted: [good], problem: null });
  });
});
