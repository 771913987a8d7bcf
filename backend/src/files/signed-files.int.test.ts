import type { AddressInfo } from 'node:net';
import type { TProject } from '@app/contracts/api/projects';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { fileSigner } from './signed-urls.ts';

/** Photos are served only at signed, expiring addresses, and only while their project holds them. */
describe('protected files', () => {
  let t: TestApp;
  let origin: string;
  let mine: { token: string; clientId: number };
  let theirs: { token: string; clientId: number };

  const png = (background: string) =>
    sharp({ create: { width: 64, height: 48, channels: 3, background } })
      .png()
      .toBuffer();
  const newClient = async (n: number) => {
    const res = await t.call(
      'POST',
      '/api/clients',
      { name: `Client ${n}`, email: `files${n}@example.com`, userType: 'client', portalAccess: true },
      t.adminToken,
    );
    return {
      clientId: res.body.client.id as number,
      token: await t.activate(res.body.user.email, res.body.temporaryPassword),
    };
  };
  const newProject = async (clientId: number) =>
    (await t.call('POST', '/api/projects', { clientId, title: 'Job', type: 'starlink' }, t.adminToken))
      .body as TProject;
  /** Uploads one picture to the project; answers its photo as the upload's answer hands it out. */
  const addPhoto = async (projectId: number, background: string) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await png(background))], { type: 'image/png' }), 'p.png');
    const res = await fetch(`${origin}/api/projects/${projectId}/photos`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${t.adminToken}` },
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as TProject).photos.at(-1)!;
  };
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const plain = (url: string) => url.split('?')[0]!;
  const photosFor = async (projectId: number, token: string) =>
    (await t.call('GET', `/api/projects/${projectId}`, undefined, token)).body.photos as TProject['photos'];

  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    mine = await newClient(1);
    theirs = await newClient(2);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the project reads hand the owner and admins a signed address, served privately cached', async () => {
    const project = await newProject(mine.clientId);
    const photo = await addPhoto(project.id, '#123456');
    const [asClient] = await photosFor(project.id, mine.token);
    expect(asClient!.url).toMatch(/\?ref=project-\d+&exp=\d+&sig=[\w-]{43}$/);
    for (const url of [asClient!.url, asClient!.thumbnailUrl, photo.url]) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      const cache = String(res.headers['cache-control']);
      expect(cache).toMatch(/^private, max-age=\d+$/);
      expect(Number(cache.split('=')[1])).toBeLessThanOrEqual(2 * t.config.FILE_URL_TTL_SECONDS);
    }
  });

  it('no, a wrong, a borrowed, a repeated or an expired signature is refused (403)', async () => {
    const project = await newProject(mine.clientId);
    const other = await newProject(mine.clientId);
    const photo = await addPhoto(project.id, '#654321');
    const query = new URLSearchParams(photo.url.split('?')[1]);
    const sig = query.get('sig')!;
    const expired = (await fileSigner(t.deps, Date.now() - 3 * t.config.FILE_URL_TTL_SECONDS * 1000))(
      plain(photo.url),
      `project-${project.id}`,
    );
    const refused = [
      plain(photo.url),
      `${plain(photo.url)}?ref=project-${project.id}&exp=${query.get('exp')}&sig=${'A'.repeat(43)}`,
      `${plain(photo.url)}?ref=project-${other.id}&exp=${query.get('exp')}&sig=${sig}`,
      `${plain(photo.url)}?ref=project-${project.id}&exp=${Number(query.get('exp')) + 3600}&sig=${sig}`,
      `${photo.url}&sig=${sig}`,
      expired,
    ];
    for (const url of refused) {
      const res = await get(url);
      expect([url, res.statusCode, res.json().error]).toEqual([url, 403, 'file_forbidden']);
    }
    // The signature covers the file too: another file's name with this signature is refused.
    expect((await get(photo.thumbnailUrl.replace(/sig=[\w-]+/, `sig=${sig}`))).statusCode).toBe(403);
  });

  it("a client never gets a signed address for another client's project", async () => {
    const project = await newProject(theirs.clientId);
    await addPhoto(project.id, '#0000ff');
    expect((await t.call('GET', `/api/projects/${project.id}`, undefined, mine.token)).status).toBe(404);
    const listed = await t.call('GET', '/api/projects', undefined, mine.token);
    expect(listed.body.map((p: TProject) => p.id)).not.toContain(project.id);
    // Reads show no other project's photos, so there is nothing to sign with.
    expect(JSON.stringify(listed.body)).not.toContain(`project-${project.id}`);
  });

  it('a removed photo is no longer served, even at an address handed out before (404)', async () => {
    const project = await newProject(mine.clientId);
    const kept = await addPhoto(project.id, '#00ff00');
    const removed = await addPhoto(project.id, '#ff0000');
    expect((await get(removed.url)).statusCode).toBe(200);
    const res = await t.call('PATCH', `/api/projects/${project.id}`, { photos: [kept.url] }, t.adminToken);
    expect(res.status).toBe(200);
    expect(res.body.photos.map((p: { url: string }) => plain(p.url))).toEqual([plain(kept.url)]);
    expect((await get(removed.url)).statusCode).toBe(404);
    expect((await get(removed.thumbnailUrl)).statusCode).toBe(404);
    expect((await get(kept.url)).statusCode).toBe(200);
  });

  it("a deleted project's photos are no longer served (404)", async () => {
    const project = await newProject(mine.clientId);
    const photo = await addPhoto(project.id, '#ff00ff');
    expect((await get(photo.url)).statusCode).toBe(200);
    expect((await t.call('DELETE', `/api/projects/${project.id}`, undefined, t.adminToken)).status).toBe(200);
    expect((await get(photo.url)).statusCode).toBe(404);
    expect((await get(photo.thumbnailUrl)).statusCode).toBe(404);
  });

  it('the company logo stays public, at its plain address, cached for a year', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await png('#abcdef'))], { type: 'image/png' }), 'logo.png');
    const res = await fetch(`${origin}/api/settings/logo`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${t.adminToken}` },
    });
    const { logo } = (await res.json()) as { logo: string };
    const served = await get(logo);
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
