import type { AddressInfo } from 'node:net';
import { connect as connectTcp } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { clientWithProject } from '../../test/clients.ts';
import { stripedBmp } from '../../test/fixtures/images.ts';
import { buildApp } from '../processes/app.ts';
import { workerDecodes } from './images.ts';

/** Uploads and slow senders over a real socket (issue #10, files and uploads). */
describe('uploads and slow requests', () => {
  let t: TestApp;
  let origin: string;
  let port: number;
  let projectId: number;

  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    projectId = (await clientWithProject(t, { name: 'Upload Client', email: 'upload@example.com' }))
      .projectId;
  });
  afterAll(async () => {
    await t?.close();
  });

  const uploadPhoto = async (bytes: Buffer, filename: string) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/bmp' }), filename);
    const res = await fetch(`${origin}/api/projects/${projectId}/photos`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${t.adminToken}` },
    });
    return { status: res.status, body: (await res.json()) as { error?: string; message?: string } };
  };

  /**
   * Sends a request's head and then its body one byte at a time every `everyMs`, until the server closes
   * the connection (or `maxBytes` were sent); answers how long the connection lasted and what came back.
   */
  const trickle = (head: string, everyMs: number, maxBytes = 40) =>
    new Promise<{ ms: number; answer: string }>((resolve) => {
      const started = performance.now();
      const socket = connectTcp(port, '127.0.0.1');
      let answer = '';
      let sent = 0;
      const timer = setInterval(() => {
        if (sent++ >= maxBytes) return socket.destroy();
        socket.write('x');
      }, everyMs);
      socket.on('data', (chunk) => {
        answer += chunk.toString();
      });
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearInterval(timer);
        resolve({ ms: performance.now() - started, answer });
      });
      socket.write(head);
    });

  it('answers 400 to multipart/form-data without a boundary', async () => {
    for (const url of [`/api/projects/${projectId}/photos`, '/api/settings/logo']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${t.adminToken}`, 'content-type': 'multipart/form-data' },
        payload: 'whatever',
      });
      expect([res.statusCode, res.json().error]).toEqual([400, 'invalid_multipart']);
    }
  });

  describe('with short body timeouts', () => {
    let slow: Awaited<ReturnType<typeof buildApp>>;
    beforeAll(async () => {
      const config = { ...t.config, REQUEST_TIMEOUT_MS: 1000, UPLOAD_TIMEOUT_MS: 2000 };
      slow = await buildApp({ ...t.deps, config }, { logger: false });
      await slow.listen({ port: 0, host: '127.0.0.1' });
      port = (slow.server.address() as AddressInfo).port;
    });
    afterAll(async () => {
      await slow?.close();
    });

    it('cuts a JSON body trickled one byte at a time once REQUEST_TIMEOUT_MS has passed', async () => {
      const { ms } = await trickle(
        'POST /api/consultations HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n',
        200,
      );
      expect(ms).toBeGreaterThan(900);
      expect(ms).toBeLessThan(1900);
    });

    it('gives uploads UPLOAD_TIMEOUT_MS, then cuts them too', async () => {
      const { ms } = await trickle(
        `POST /api/projects/${projectId}/photos HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${t.adminToken}\r\n` +
          'Content-Type: multipart/form-data; boundary=b\r\nContent-Length: 100000\r\n\r\n',
        200,
      );
      expect(ms).toBeGreaterThan(1900);
      expect(ms).toBeLessThan(3500);
    });

    it('a request that arrived in time is answered as usual', async () => {
      const { answer } = await trickle(
        'GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
        200,
        0,
      );
      expect(answer).toMatch(/^HTTP\/1.1 200/);
    });
  });

  it('a large BMP is decoded in the worker thread, not on the event loop that answers other requests', async () => {
    const before = workerDecodes();
    const res = await uploadPhoto(stripedBmp(6000, 6000), 'scan.bmp');
    expect(res.status).toBe(201);
    expect(workerDecodes()).toBe(before + 1);
  });

  it('refuses a picture over 40 megapixels with 413 and a message that names it', async () => {
    const res = await uploadPhoto(stripedBmp(8000, 8000), 'huge-scan.bmp');
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      error: 'image_too_large',
      message: 'huge-scan.bmp: The picture is too large: at most 40 megapixels. Please use a smaller image.',
    });
  });
});
