import { readdir } from 'node:fs/promises';
import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { heicSample, solidBmp } from '../../test/fixtures/images.ts';

interface FilePart {
  filename: string;
  type?: string;
  bytes: Buffer;
  field?: string;
}

describe('company logo upload', () => {
  let t: TestApp;
  let origin: string;
  beforeAll(async () => {
    t = await startTestApp();
    // Uploads go over a real socket: busboy sees the body in chunks as it would in production.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t?.close();
  });

  const upload = async (part: FilePart, token: string | null = t.adminToken) => {
    const form = new FormData();
    const blob = new Blob([new Uint8Array(part.bytes)], { type: part.type ?? '' });
    form.append(part.field ?? 'file', blob, part.filename);
    const res = await fetch(`${origin}/api/settings/logo`, {
      method: 'POST',
      body: form,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    // One of the two answer shapes: `{logo}` on success, `{error, message}` otherwise.
    return {
      status: res.status,
      body: (await res.json()) as { logo: string; error: string; message: string },
    };
  };
  const fetchFile = (url: string) => t.app.inject({ method: 'GET', url });
  const storedLogos = async () => (await readdir(join(t.config.FILES_DIR, 'logos')).catch(() => [])).sort();
  const savedLogo = async () =>
    (await t.call('GET', '/api/settings', undefined, t.adminToken)).body.company.logo as string | null;
  const jpegSize = async (url: string) => {
    const res = await fetchFile(url);
    const { format, width, height } = await sharp(res.rawPayload).metadata();
    return { format, width, height };
  };

  it('turns a large PNG into a JPEG at most 300 px on its longest side and records it as the company logo', async () => {
    expect(await savedLogo()).toBeNull();
    const png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#1e40af' } })
      .png()
      .toBuffer();
    const res = await upload({ filename: 'logo.png', type: 'image/png', bytes: png });
    expect(res.status).toBe(200);
    expect(res.body.logo).toMatch(/^\/api\/files\/logos\/[0-9a-f]{64}\.jpg$/);
    expect(await jpegSize(res.body.logo)).toEqual({ format: 'jpeg', width: 300, height: 200 });
    expect(await savedLogo()).toBe(res.body.logo);
    // The public site shows it too, and the rest of the company settings are as they were.
    expect((await t.call('GET', '/api/content')).body.logo).toBe(res.body.logo);
    const company = (await t.call('GET', '/api/settings', undefined, t.adminToken)).body.company;
    expect(company.name).toBe('Northern Guard Security & Satellite');
    const audit = await t.call('GET', '/api/audit?stream=settings-1', undefined, t.adminToken);
    expect(JSON.stringify(audit.body)).toContain('CompanyLogoChanged');
  });

  it('serves a stored logo as image/jpeg with a year-long immutable cache header', async () => {
    const url = (await savedLogo())!;
    const res = await fetchFile(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
  });

  it('accepts a HEIC photo (by extension, with no MIME type) and converts it to JPEG', async () => {
    const res = await upload({ filename: 'IMG_0042.HEIC', bytes: await heicSample() });
    expect(res.status).toBe(200);
    expect(await jpegSize(res.body.logo)).toEqual({ format: 'jpeg', width: 300, height: 225 });
    expect(await savedLogo()).toBe(res.body.logo);
  });

  it('accepts a BMP and converts it to JPEG', async () => {
    const res = await upload({
      filename: 'logo.bmp',
      type: 'image/bmp',
      bytes: solidBmp(150, 600, [0, 128, 0]),
    });
    expect(res.status).toBe(200);
    expect(await jpegSize(res.body.logo)).toEqual({ format: 'jpeg', width: 75, height: 300 });
  });

  describe('refused uploads change nothing', () => {
    let before: { logo: string | null; files: string[] };
    beforeAll(async () => {
      before = { logo: await savedLogo(), files: await storedLogos() };
    });
    const unchanged = async () => {
      expect(await savedLogo()).toBe(before.logo);
      expect(await storedLogos()).toEqual(before.files);
    };

    it('a text file is an invalid file type', async () => {
      const res = await upload({ filename: 'notes.txt', type: 'text/plain', bytes: Buffer.from('hello') });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: 'invalid_file_type',
        message: expect.stringMatching(/^Invalid file type/),
      });
      await unchanged();
    });

    it('a file over 5MB is too large (413)', async () => {
      const noise = Buffer.alloc(1400 * 1300 * 3);
      for (let i = 0; i < noise.length; i += 4) noise.writeUInt32LE((Math.random() * 2 ** 32) >>> 0, i);
      const png = await sharp(noise, { raw: { width: 1400, height: 1300, channels: 3 } })
        .png({ compressionLevel: 0 })
        .toBuffer();
      expect(png.length).toBeGreaterThan(5 * 1024 * 1024);
      for (const bytes of [png, Buffer.alloc(60 * 1024 * 1024)]) {
        const res = await upload({ filename: 'huge.png', type: 'image/png', bytes });
        expect(res.status).toBe(413);
        expect(res.body).toEqual({
          error: 'file_too_large',
          message: 'File too large: the logo must be at most 5MB.',
        });
      }
      await unchanged();
    });

    it('an image name on bytes that are no image is a 400, not a 500', async () => {
      const res = await upload({ filename: 'logo.png', type: 'image/png', bytes: Buffer.from('not a png') });
      expect([res.status, res.body.error]).toEqual([400, 'invalid_image']);
      await unchanged();
    });

    it('a form without the file field, or a body that is not multipart, is refused', async () => {
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
        .png()
        .toBuffer();
      const wrongField = await upload({ field: 'image', filename: 'a.png', type: 'image/png', bytes: png });
      expect([wrongField.status, wrongField.body.error]).toEqual([400, 'file_required']);
      const json = await t.call(
        'POST',
        '/api/settings/logo',
        { logo: 'http://evil.example/x.png' },
        t.adminToken,
      );
      expect([json.status, json.body.error]).toEqual([415, 'unsupported_media_type']);
      await unchanged();
    });

    it('anonymous callers get 401 and non-admins 403', async () => {
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
        .png()
        .toBuffer();
      const part = { filename: 'a.png', type: 'image/png', bytes: png };
      expect((await upload(part, null)).status).toBe(401);
      const user = await t.createUser();
      const token = await t.activate(user.email, user.temporaryPassword);
      expect((await upload(part, token)).status).toBe(403);
      await unchanged();
    });
  });

  it('answers 400 or 404 for file names that are not stored files, and never leaves the files folder', async () => {
    const missing = `/api/files/logos/${'0'.repeat(64)}.jpg`;
    expect((await fetchFile(missing)).statusCode).toBe(404);
    const stored = (await savedLogo())!.split('/').pop()!;
    const attempts = [
      '/api/files/logos/..%2F..%2F..%2Fpackage.json',
      '/api/files/logos/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      '/api/files/logos/..%5C..%5Cpackage.json',
      `/api/files/..%2Flogos/${stored}`,
      `/api/files/photos/${stored}`,
      `/api/files/logos/${stored.toUpperCase()}`,
      `/api/files/logos/${stored}.tmp`,
      '/api/files/logos/',
    ];
    for (const url of attempts) {
      const res = await fetchFile(url);
      // A photo's address without a signature is refused (403) before the folder is looked at.
      expect([400, 403, 404], url).toContain(res.statusCode);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
    }
    // Dot segments: clients normalise them away, so send them raw over a socket to see what the server does.
    const { port } = new URL(origin);
    for (const path of [
      '/api/files/logos/../../../../../etc/passwd',
      `/api/files/logos/../logos/${stored}`,
    ]) {
      const status = await new Promise<number | undefined>((resolve, reject) => {
        get({ host: '127.0.0.1', port, path }, (res) => {
          res.resume();
          resolve(res.statusCode);
        }).on('error', reject);
      });
      expect([400, 404], path).toContain(status);
    }
  });
});
