import type { AddressInfo } from 'node:net';
import type { TProject } from '@app/contracts/api/projects';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { eventually } from '../../test/eventually.ts';

/** Commands decide on the write side: a record the views have not caught up with yet is there all the same. */
describe('a project while the projects view is behind', () => {
  let t: TestApp;
  let origin: string;
  let clientId: number;

  beforeAll(async () => {
    t = await startTestApp({ env: { READ_YOUR_WRITES_TIMEOUT_MS: '300' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const made = await t.call(
      'POST',
      '/api/clients',
      { name: 'Lag Client', email: 'lag@example.com', userType: 'client', portalAccess: false },
      t.adminToken,
    );
    clientId = made.status === 202 ? made.body.id : made.body.client.id;
  });
  afterAll(async () => t?.close());

  it('takes photos for a project created with 202 (never 404), shown once the view is back', async () => {
    await t.pauseProjections();
    let projectId: number;
    try {
      const created = await t.call(
        'POST',
        '/api/projects',
        { clientId, title: 'Cabin cameras', type: 'security_cameras' },
        t.adminToken,
      );
      expect(created.status).toBe(202);
      projectId = created.body.id;
      const form = new FormData();
      const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#0a0' } })
        .png()
        .toBuffer();
      form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'roof.png');
      const uploaded = await fetch(`${origin}/api/projects/${projectId}/photos`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${t.adminToken}` },
      });
      expect(uploaded.status).toBe(202);
      expect(await uploaded.json()).toMatchObject({ accepted: true, id: projectId });
    } finally {
      t.resumeProjections();
    }
    const shown = await eventually('the photo in the projects view', async () => {
      const res = await t.call('GET', `/api/projects/${projectId}`, undefined, t.adminToken);
      const project = res.body as TProject;
      return res.status === 200 && project.photos.length === 1 ? project : null;
    });
    expect(shown.title).toBe('Cabin cameras');
  });

  it('a project that does not exist is still 404', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }), 'x.png');
    const res = await fetch(`${origin}/api/projects/999999/photos`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${t.adminToken}` },
    });
    expect(res.status).toBe(404);
  });
});
