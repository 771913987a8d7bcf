import { readdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { TProject } from '@app/contracts/api/projects';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { heicSample } from '../../test/fixtures/images.ts';

interface FilePart {
  filename: string;
  type?: string;
  bytes: Buffer;
  field?: string;
}

const png = (width: number, height: number, background = '#1e40af') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

describe('project photos', () => {
  let t: TestApp;
  let origin: string;
  let clientToken: string;
  let clientId: number;
  let ownProject: TProject;
  let otherProject: TProject;

  beforeAll(async () => {
    t = await startTestApp();
    // Uploads go over a real socket: busboy sees the body in chunks as it would in production.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const newClient = async (n: number) =>
      (
        await t.call(
          'POST',
          '/api/clients',
          { name: `Client ${n}`, email: `c${n}@example.com`, userType: 'client', portalAccess: true },
          t.adminToken,
        )
      ).body;
    const mine = await newClient(1);
    const theirs = await newClient(2);
    clientId = mine.client.id;
    clientToken = await t.activate(mine.user.email, mine.temporaryPassword);
    const create = async (id: number) =>
      (await t.call('POST', '/api/projects', { clientId: id, title: 'Job', type: 'starlink' }, t.adminToken))
        .body as TProject;
    ownProject = await create(clientId);
    otherProject = await create(theirs.client.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  const upload = async (projectId: number, parts: FilePart[], token: string | null = t.adminToken) => {
    const form = new FormData();
    for (const part of parts) {
      const blob = new Blob([new Uint8Array(part.bytes)], { type: part.type ?? '' });
      form.append(part.field ?? 'file', blob, part.filename);
    }
    const res = await fetch(`${origin}/api/projects/${projectId}/photos`, {
      method: 'POST',
      body: form,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return { status: res.status, body: (await res.json()) as TProject & { error: string; message: string } };
  };
  const fetchFile = (url: string) => t.app.inject({ method: 'GET', url });
  /** The stored address a signed one stands for (what events and the audit trail keep). */
  const storedAddress = (url: string) => url.split('?')[0]!;
  const jpegSize = async (url: string, cache: RegExp = /^private, max-age=\d+$/) => {
    const res = await fetchFile(url);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toMatch(cache);
    const { format, width, height } = await sharp(res.rawPayload).metadata();
    return { format, width, height };
  };
  const stored = async () => ({
    photos: (await readdir(join(t.config.FILES_DIR, 'photos')).catch(() => [])).sort(),
    thumbnails: (await readdir(join(t.config.FILES_DIR, 'thumbnails')).catch(() => [])).sort(),
  });
  const photosOf = async (id: number) =>
    ((await t.call('GET', `/api/projects/${id}`, undefined, t.adminToken)).body as TProject).photos;
  const auditTypes = async (id: number) =>
    (await t.call('GET', `/api/audit?stream=project-${id}`, undefined, t.adminToken)).body.map(
      (e: { type: string }) => e.type,
    );

  it('stores two pictures of one request as JPEGs with thumbnails and adds both to the project', async () => {
    const res = await upload(ownProject.id, [
      { filename: 'north-wall.png', type: 'image/png', bytes: await png(3000, 2000) },
      { filename: 'gate.png', type: 'image/png', bytes: await png(300, 600, '#16a34a') },
    ]);
    expect(res.status).toBe(201);
    expect(res.body.id).toBe(ownProject.id);
    expect(res.body.photos).toEqual([
      {
        url: expect.stringMatching(
          /^\/api\/files\/photos\/[0-9a-f]{64}\.jpg\?ref=project-\d+&exp=\d+&sig=[\w-]+$/,
        ),
        thumbnailUrl: expect.stringMatching(
          /^\/api\/files\/thumbnails\/[0-9a-f]{64}\.jpg\?ref=project-\d+&exp=\d+&sig=[\w-]+$/,
        ),
        name: 'north-wall.png',
        uploadedAt: expect.any(String),
      },
      expect.objectContaining({ name: 'gate.png' }),
    ]);
    const [wall, gate] = res.body.photos;
    expect(await jpegSize(wall!.url)).toEqual({ format: 'jpeg', width: 2048, height: 1365 });
    expect(await jpegSize(wall!.thumbnailUrl)).toEqual({ format: 'jpeg', width: 400, height: 267 });
    // A small picture is not enlarged; its thumbnail is.
    expect(await jpegSize(gate!.url)).toEqual({ format: 'jpeg', width: 300, height: 600 });
    expect(await jpegSize(gate!.thumbnailUrl)).toEqual({ format: 'jpeg', width: 200, height: 400 });
    expect(await stored()).toEqual({
      photos: [wall!.url, gate!.url].map((u) => storedAddress(u).split('/').pop()).sort(),
      thumbnails: [wall!.thumbnailUrl, gate!.thumbnailUrl]
        .map((u) => storedAddress(u).split('/').pop())
        .sort(),
    });
    expect((await auditTypes(ownProject.id)).slice(0, 2)).toEqual(['ProjectPhotoAdded', 'ProjectPhotoAdded']);
    // The client sees their project's photos.
    const seen = await t.call('GET', `/api/projects/${ownProject.id}`, undefined, clientToken);
    expect(seen.body.photos).toEqual(res.body.photos);
  });

  it('accepts a HEIC photo (by extension, with no MIME type) and converts it to JPEG', async () => {
    const res = await upload(ownProject.id, [{ filename: 'IMG_0042.HEIC', bytes: await heicSample() }]);
    expect(res.status).toBe(201);
    const heic = res.body.photos.at(-1)!;
    expect(heic.name).toBe('IMG_0042.HEIC');
    expect(await jpegSize(heic.url)).toEqual({ format: 'jpeg', width: 640, height: 480 });
    expect(await jpegSize(heic.thumbnailUrl)).toEqual({ format: 'jpeg', width: 400, height: 300 });
  });

  it('does not add the same picture twice', async () => {
    const before = await photosOf(ownProject.id);
    const res = await upload(ownProject.id, [
      { filename: 'again.png', type: 'image/png', bytes: await png(3000, 2000) },
    ]);
    expect(res.status).toBe(201);
    expect(res.body.photos).toEqual(before);
  });

  describe('a refused upload stores and records nothing', () => {
    let before: { photos: TProject['photos']; files: Awaited<ReturnType<typeof stored>>; trail: string[] };
    beforeAll(async () => {
      before = {
        photos: await photosOf(ownProject.id),
        files: await stored(),
        trail: await auditTypes(ownProject.id),
      };
    });
    const unchanged = async () => {
      expect(await photosOf(ownProject.id)).toEqual(before.photos);
      expect(await stored()).toEqual(before.files);
      expect(await auditTypes(ownProject.id)).toEqual(before.trail);
    };

    it('a file over 10MB is too large (413), even after a good one', async () => {
      const huge = Buffer.alloc(11 * 1024 * 1024, 7);
      const res = await upload(ownProject.id, [
        { filename: 'fine.png', type: 'image/png', bytes: await png(64, 64, '#f00') },
        { filename: 'huge.png', type: 'image/png', bytes: huge },
      ]);
      expect(res.status).toBe(413);
      expect(res.body).toEqual({
        error: 'file_too_large',
        message: 'File too large: huge.png is over 10MB. Please use images under 10MB.',
      });
      await unchanged();
    });

    it('a text file is not a supported image format (400), even beside a good one', async () => {
      const res = await upload(ownProject.id, [
        { filename: 'fine.png', type: 'image/png', bytes: await png(64, 64, '#0f0') },
        { filename: 'notes.txt', type: 'text/plain', bytes: Buffer.from('hello') },
      ]);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: 'invalid_file_type',
        message:
          'Invalid file type: notes.txt is not a supported image format. Please use JPG, PNG, HEIC, or other common image formats.',
      });
      await unchanged();
    });

    it('an image name on bytes that are no picture cannot be processed (400)', async () => {
      const res = await upload(ownProject.id, [
        { filename: 'broken.jpg', type: 'image/jpeg', bytes: Buffer.from('not a jpeg') },
      ]);
      expect([res.status, res.body.message]).toEqual([
        400,
        'Failed to process broken.jpg. Please try again.',
      ]);
      await unchanged();
    });

    it('no file, the wrong field, too many files, or a JSON body are refused', async () => {
      const small = await png(8, 8, '#000');
      const wrongField = await upload(ownProject.id, [
        { field: 'photo', filename: 'a.png', type: 'image/png', bytes: small },
      ]);
      expect([wrongField.status, wrongField.body.error]).toEqual([400, 'file_required']);
      const many = Array.from({ length: 21 }, (_, i) => ({
        filename: `p${i}.png`,
        type: 'image/png',
        bytes: small,
      }));
      const tooMany = await upload(ownProject.id, many);
      expect([tooMany.status, tooMany.body.error]).toEqual([413, 'too_many_files']);
      const json = await t.call(
        'POST',
        `/api/projects/${ownProject.id}/photos`,
        { photos: ['x'] },
        t.adminToken,
      );
      expect([json.status, json.body.error]).toEqual([415, 'unsupported_media_type']);
      const empty = await fetch(`${origin}/api/projects/${ownProject.id}/photos`, {
        method: 'POST',
        body: new FormData(),
        headers: { authorization: `Bearer ${t.adminToken}` },
      });
      expect(empty.status).toBe(400);
      await unchanged();
    });

    it('only staff upload: anonymous 401, a client 403 on their own project and 404 on anyone else’s', async () => {
      const part = [{ filename: 'a.png', type: 'image/png', bytes: await png(8, 8, '#000') }];
      expect((await upload(ownProject.id, part, null)).status).toBe(401);
      expect((await upload(ownProject.id, part, clientToken)).status).toBe(403);
      expect((await upload(otherProject.id, part, clientToken)).status).toBe(404);
      expect((await upload(99999, part, clientToken)).status).toBe(404);
      expect((await upload(99999, part)).status).toBe(404);
      await unchanged();
    });
  });

  it('removes a photo when a PATCH leaves it out of `photos`', async () => {
    const photos = await photosOf(ownProject.id);
    expect(photos.length).toBeGreaterThanOrEqual(2);
    const [dropped, ...kept] = photos;
    const res = await t.call(
      'PATCH',
      `/api/projects/${ownProject.id}`,
      { photos: kept.map((p) => p.url) },
      t.adminToken,
    );
    expect(res.status).toBe(200);
    expect(res.body.photos).toEqual(kept);
    const trail = await t.call('GET', `/api/audit?stream=project-${ownProject.id}`, undefined, t.adminToken);
    expect(trail.body[0]).toMatchObject({
      type: 'ProjectPhotoRemoved',
      // Events name the stored files, not the addresses they are served at.
      changes: {
        file: storedAddress(dropped!.url).split('/').pop(),
        thumbnail: storedAddress(dropped!.thumbnailUrl).split('/').pop(),
        name: dropped!.name,
      },
    });
    // A client cannot remove photos.
    const byClient = await t.call('PATCH', `/api/projects/${ownProject.id}`, { photos: [] }, clientToken);
    expect(byClient.status).toBe(403);
    expect(await photosOf(ownProject.id)).toEqual(kept);
  });

  it('keeps the company logo upload working beside photos', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await png(900, 300))], { type: 'image/png' }), 'logo.png');
    const res = await fetch(`${origin}/api/settings/logo`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${t.adminToken}` },
    });
    const body = (await res.json()) as { logo: string };
    expect(res.status).toBe(200);
    // The logo stays public (the public site shows it), by its plain content address.
    expect(body.logo).toMatch(/^\/api\/files\/logos\/[0-9a-f]{64}\.jpg$/);
    expect(await jpegSize(body.logo, /^public, max-age=31536000, immutable$/)).toEqual({
      format: 'jpeg',
      width: 300,
      height: 100,
    });
  });
});
