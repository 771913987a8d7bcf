import { readdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { eventCount } from '../../test/cast.ts';
import { clientWithProject } from '../../test/clients.ts';
import { png } from '../../test/fixtures/documents.ts';
import { solidBmp } from '../../test/fixtures/images.ts';
import { brokenForms, filenameOf, formBody } from '../../test/multipart.ts';

const MALFORMED = 'The upload could not be read: send the files as multipart/form-data.';

/**
 * Multipart bodies that do not follow their own boundaries (issue 22, section 5): on each of the four
 * upload routes, over a real socket, a 400 that says so, no event and no file left behind.
 */
describe('broken multipart bodies on the upload routes', () => {
  let t: TestApp;
  let origin: string;
  let projectId: number;

  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    projectId = (await clientWithProject(t, { name: 'Form Client', email: 'forms@example.com' })).projectId;
  });
  afterAll(async () => {
    await t?.close();
  });

  const routes = () =>
    [
      {
        url: `/api/projects/${projectId}/photos`,
        ok: [201],
        fields: {},
        file: { field: 'file', name: 'a.bmp', type: 'image/bmp', bytes: solidBmp(8, 8, [9, 9, 9]) },
      },
      {
        url: '/api/settings/logo',
        ok: [200],
        fields: {},
        file: { field: 'file', name: 'a.bmp', type: 'image/bmp', bytes: solidBmp(8, 8, [9, 9, 9]) },
      },
      {
        url: '/api/documents',
        ok: [201],
        fields: { title: 'Notes', projectId: String(projectId) },
        file: {
          field: 'file',
          name: 'notes.txt',
          type: 'text/plain',
          bytes: Buffer.from('Gate code 1234\n'),
        },
      },
      {
        url: '/api/documents/convert-to-form',
        // A 1×1 PNG has no text to read, which convert-to-form says with a 400 of its own.
        ok: [200, 400],
        fields: { action: 'convert-to-form' },
        file: { field: 'document', name: 'a.png', type: 'image/png', bytes: png() },
      },
    ] as const;

  /** Every file under FILES_DIR (temporary ones included). */
  const storedFiles = async () =>
    (await readdir(t.config.FILES_DIR, { recursive: true }).catch(() => [] as string[])).sort();

  const post = async (url: string, contentType: string, body: Buffer) => {
    const res = await fetch(`${origin}${url}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.adminToken}`, 'content-type': contentType },
      body: new Uint8Array(body),
    });
    const text = await res.text();
    return { status: res.status, body: JSON.parse(text) as { error: string; message: string } };
  };

  it('the valid forms these cases spoil are taken', async () => {
    for (const route of routes()) {
      const form = formBody(route.fields, route.file);
      const res = await post(route.url, form.contentType, form.body);
      expect({
        url: route.url,
        ok: (route.ok as readonly number[]).includes(res.status),
        message: res.body.message,
      }).toMatchObject({
        url: route.url,
        ok: true,
      });
      expect(res.body.message).not.toBe(MALFORMED);
    }
  });

  it('a file name with a NUL (which no stored text may hold): 400 on every upload route, nothing recorded', async () => {
    for (const route of routes()) {
      const form = formBody(route.fields, { ...route.file, name: `a\u0000${route.file.name}` });
      const events = await eventCount(t);
      const files = await storedFiles();
      const res = await post(route.url, form.contentType, form.body);
      expect({ url: route.url, status: res.status, message: res.body.message }).toEqual({
        url: route.url,
        status: 400,
        message: 'The file name has a character that cannot be stored: rename the file and send it again.',
      });
      expect(await eventCount(t)).toBe(events);
      expect(await storedFiles()).toEqual(files);
    }
  });

  for (const broken of brokenForms) {
    it(`${broken.name}: 400 on every upload route, nothing recorded, nothing kept`, async () => {
      for (const route of routes()) {
        const valid = formBody(route.fields, route.file);
        const { contentType, body } = broken.spoil(valid);
        const events = await eventCount(t);
        const files = await storedFiles();
        const res = await post(route.url, contentType, body);
        expect({ url: route.url, status: res.status, message: res.body.message }).toEqual({
          url: route.url,
          status: 400,
          message: broken.message?.(filenameOf(valid)) ?? MALFORMED,
        });
        expect(await eventCount(t)).toBe(events);
        expect(await storedFiles()).toEqual(files);
      }
    });
  }
});
