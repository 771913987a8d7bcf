import { describe, expect, it } from 'vitest';
import { logoProblem } from './logo-file';

const MB = 1024 * 1024;

describe('logoProblem', () => {
  it('accepts the listed image types', () => {
    for (const type of ['jpeg', 'png', 'gif', 'webp', 'heic', 'heif', 'bmp', 'tiff']) {
      expect(logoProblem({ name: 'logo', type: `image/${type}`, size: MB })).toBeNull();
    }
  });

  it('accepts a listed extension when the browser gives no type', () => {
    expect(logoProblem({ name: 'Logo.HEIC', type: '', size: MB })).toBeNull();
    expect(logoProblem({ name: 'logo.jpg', type: 'application/octet-stream', size: MB })).toBeNull();
  });

  it('refuses other files as an invalid file type', () => {
    expect(logoProblem({ name: 'logo.svg', type: 'image/svg+xml', size: MB })?.title).toBe(
      'Invalid file type',
    );
    expect(logoProblem({ name: 'notes.pdf', type: 'application/pdf', size: MB })?.title).toBe(
      'Invalid file type',
    );
    expect(logoProblem({ name: 'png', type: '', size: MB })?.title).toBe('Invalid file type');
  });

  it('refuses images over 5MB as too large', () => {
    expect(logoProblem({ name: 'logo.png', type: 'image/png', size: 5 * MB })).toBeNull();
    expect(logoProblem({ name: 'logo.png', type: 'image/png', size: 5 * MB + 1 })?.title).toBe(
      'File too large',
    );
  });
});
