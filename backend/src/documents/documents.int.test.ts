import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { type TDocument, ZDocument } from '@app/contracts/api/documents';
import { utcToLocal } from '@app/contracts/calendar/time-zone';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { eventCount, SIGNATURE_DATA_URL } from '../../test/cast.ts';
import { portalClientWithProject } from '../../test/clients.ts';
import { eventually } from '../../test/eventually.ts';

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

describe('documents', () => {
  let t: TestApp;
  let mine: { token: string; clientId: number; userId: number; projectId: number };
  let theirs: { token: string; clientId: number; userId: number; projectId: number };
  let origin: string;

  beforeAll(async () => {
    t = await startTestApp();
    const newClient = (n: number) =>
      portalClientWithProject(t, { name: `Client ${n}`, email: `d${n}@example.com` });
    mine = await newClient(1);
    theirs = await newClient(2);
    // Uploads go over a real socket: busboy sees the body in chunks as it would in production.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t?.close();
  });

  const newForm = async (projectId: number) => {
    const res = await t.call(
      'POST',
      '/api/documents',
      {
        title: 'Security Camera Install Quote',
        projectId,
        type: 'form',
        status: 'pending',
        formData: { projectType: 'Residential', cameraCount: 4 },
      },
      t.adminToken,
    );
    expect(res.status).toBe(201);
    return res.body as TDocument;
  };
  const sign = (id: number, token: string, signatureData = SIGNATURE_DATA_URL) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/documents/${id}/sign`,
      headers: { authorization: `Bearer ${token}`, 'user-agent': 'Test Tablet/1.0' },
      payload: { signatureData },
    });

  it("an admin makes a pending form for a project, which belongs to the project's client", async () => {
    const doc = await newForm(mine.projectId);
    expect(doc).toMatchObject({
      projectId: mine.projectId,
      clientId: mine.clientId,
      type: 'form',
      status: 'pending',
      templateType: null,
      formData: { projectType: 'Residential', cameraCount: 4 },
      signature: null,
      fileUrl: null,
    });
  });

  it('a form for a project that does not exist is refused and records nothing', async () => {
    const before = await eventCount(t);
    const res = await t.call('POST', '/api/documents', { title: 'X', projectId: 999_999 }, t.adminToken);
    expect(res.status).toBe(400);
    expect(await eventCount(t)).toBe(before);
  });

  it("a client lists and opens only their own; another's answers 404", async () => {
    const own = await newForm(mine.projectId);
    const other = await newForm(theirs.projectId);
    const listed = (await t.call('GET', '/api/documents', undefined, mine.token)).body as TDocument[];
    expect(listed.map((d) => d.id)).toContain(own.id);
    expect(listed.every((d) => d.clientId === mine.clientId)).toBe(true);
    const all = (await t.call('GET', '/api/documents', undefined, t.adminToken)).body as TDocument[];
    expect(all.map((d) => d.id)).toEqual(expect.arrayContaining([own.id, other.id]));

    expect((await t.call('GET', `/api/documents/${other.id}`, undefined, mine.token)).status).toBe(404);
    expect(
      (await t.call('GET', `/api/documents/project/${theirs.projectId}`, undefined, mine.token)).status,
    ).toBe(404);
    const ofProject = await t.call('GET', `/api/documents/project/${mine.projectId}`, undefined, mine.token);
    expect(ofProject.status).toBe(200);
    expect((ofProject.body as TDocument[]).every((d) => d.projectId === mine.projectId)).toBe(true);
  });

  it("the client's first open of the day goes in the trail once, never in the document's own stream (not the admin's)", async () => {
    const doc = await newForm(mine.projectId);
    // Six tabs at once: every read answers, none meets another (each used to append to the document).
    const opens = await Promise.all(
      Array.from({ length: 6 }, () => t.call('GET', `/api/documents/${doc.id}`, undefined, mine.token)),
    );
    expect(opens.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect((await t.call('GET', `/api/documents/${doc.id}`, undefined, t.adminToken)).status).toBe(200);
    const own = await t.deps.store.readStream(`document-${doc.id}`);
    expect(own.map((e) => e.type)).toEqual(['DocumentFormCreated']);
    const day = utcToLocal(new Date()).date;
    const views = await t.deps.store.readStream(`document-view-${doc.id}-${mine.userId}-${day}`);
    expect(views.map((e) => [e.type, e.data])).toEqual([
      ['DocumentViewed', { documentId: doc.id, viewerId: mine.userId, viewedAt: expect.any(String) }],
    ]);
    // Still in the document's trail, once.
    const trail = await eventually(
      'the view in the trail',
      async () => {
        const res = await t.call('GET', `/api/audit?stream=document-${doc.id}`, undefined, t.adminToken);
        const types = (res.body as { type: string }[]).map((e) => e.type);
        return types.includes('DocumentViewed') ? types : null;
      },
      5000,
    );
    expect(trail).toEqual(['DocumentViewed', 'DocumentFormCreated']);
  });

  it('the client signs: who, when, IP, browser and the SHA-256 of the stored form are recorded', async () => {
    const doc = await newForm(mine.projectId);
    const res = await sign(doc.id, mine.token);
    expect(res.statusCode).toBe(200);
    const signed = res.json() as TDocument;
    expect(signed.status).toBe('completed');
    expect(signed.signature).toMatchObject({ ip: '127.0.0.1', userAgent: 'Test Tablet/1.0' });

    // Recomputed here from the form as the store holds it: canonical JSON, keys sorted at every level.
    const [created] = await t.deps.store.readStream(`document-${doc.id}`);
    const form = created!.data as { title: string; description: string; templateType: string };
    const canonical = `{"description":${JSON.stringify(form.description)},"documentId":${doc.id},"formData":{"cameraCount":4,"projectType":"Residential"},"templateType":null,"title":${JSON.stringify(form.title)}}`;
    expect(signed.signature?.contentSha256).toBe(sha256(canonical));

    // The drawn signature is kept, by its content.
    const png = Buffer.from(SIGNATURE_DATA_URL.split(',')[1]!, 'base64');
    expect(await readdir(join(t.config.FILES_DIR, 'documents'))).toContain(`${sha256(png)}.png`);

    const again = await sign(doc.id, t.adminToken);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This document has already been signed.');
  });

  it('another client signing answers 404 and records nothing; a signature that is no PNG is refused', async () => {
    const doc = await newForm(mine.projectId);
    const before = await eventCount(t);
    expect((await sign(doc.id, theirs.token)).statusCode).toBe(404);
    const jpegAsPng = `data:image/png;base64,${Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5]).toString('base64')}`;
    expect((await sign(doc.id, mine.token, jpegAsPng)).statusCode).toBe(400);
    expect((await sign(doc.id, mine.token, 'data:image/jpeg;base64,AAAA')).statusCode).toBe(400);
    const huge = `data:image/png;base64,${'A'.repeat(600 * 1024)}`;
    expect((await sign(doc.id, mine.token, huge)).statusCode).toBe(400);
    expect(await eventCount(t)).toBe(before);
  });

  it('an admin deletes a document: it is gone from every read and cannot be signed', async () => {
    const doc = await newForm(mine.projectId);
    expect((await t.call('DELETE', `/api/documents/${doc.id}`, undefined, mine.token)).status).toBe(403);
    expect((await t.call('DELETE', `/api/documents/${doc.id}`, undefined, t.adminToken)).status).toBe(200);
    expect((await t.call('GET', `/api/documents/${doc.id}`, undefined, t.adminToken)).status).toBe(404);
    expect((await sign(doc.id, mine.token)).statusCode).toBe(404);
    const listed = (await t.call('GET', '/api/documents', undefined, t.adminToken)).body as TDocument[];
    expect(listed.map((d) => d.id)).not.toContain(doc.id);
    expect((await t.call('DELETE', `/api/documents/${doc.id}`, undefined, t.adminToken)).status).toBe(404);
  });

  describe('new versions', () => {
    const newVersion = (replaces: number, token = t.adminToken, extra: Record<string, unknown> = {}) =>
      t.call(
        'POST',
        '/api/documents',
        { title: 'Security Camera Install Quote v2', replaces, formData: { cameraCount: 6 }, ...extra },
        token,
      );
    const listed = async (token: string) =>
      (await t.call('GET', `/api/documents/project/${mine.projectId}`, undefined, token)).body as TDocument[];

    it('a new version of a signed form: the client sees the old one void and the new one pending, and signs the new one only', async () => {
      const old = await newForm(mine.projectId);
      expect((await sign(old.id, mine.token)).statusCode).toBe(200);

      const res = await newVersion(old.id);
      expect(res.status).toBe(201);
      const fresh = res.body as TDocument;
      // No project named: the new version is for the old one's project, so the same client.
      expect(fresh).toMatchObject({
        projectId: mine.projectId,
        clientId: mine.clientId,
        status: 'pending',
        supersededBy: null,
        signatureVoid: false,
      });

      const seen = await listed(mine.token);
      expect(seen.find((d) => d.id === old.id)).toMatchObject({
        status: 'completed',
        supersededBy: fresh.id,
        signatureVoid: true,
      });
      expect(seen.find((d) => d.id === fresh.id)).toMatchObject({ status: 'pending', signatureVoid: false });

      // The old stream keeps its signature and says what replaced it; nothing of the old one changed.
      const trail = await t.deps.store.readStream(`document-${old.id}`);
      expect(trail.map((e) => e.type)).toEqual([
        'DocumentFormCreated',
        'DocumentSigned',
        'DocumentSuperseded',
      ]);
      expect(trail[2]!.data).toEqual({ documentId: old.id, supersededBy: fresh.id, clientId: mine.clientId });

      const before = await eventCount(t);
      const again = await sign(old.id, mine.token);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('This document has already been signed.');
      expect(await eventCount(t)).toBe(before);
      const signedNew = await sign(fresh.id, mine.token);
      expect(signedNew.statusCode).toBe(200);
      expect(signedNew.json()).toMatchObject({ status: 'completed', signatureVoid: false });
    });

    it('a pending form that was replaced cannot be signed; the message asks for the new version', async () => {
      const old = await newForm(mine.projectId);
      const fresh = (await newVersion(old.id)).body as TDocument;
      const res = await sign(old.id, mine.token);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(
        'This document has been replaced by a newer version. Please sign the new version instead.',
      );
      const seen = await listed(mine.token);
      expect(seen.find((d) => d.id === old.id)).toMatchObject({
        status: 'pending',
        supersededBy: fresh.id,
        signatureVoid: false,
      });
    });

    it('refused, recording nothing: twice, by a client, for another project, of a missing document, a bad id', async () => {
      const old = await newForm(mine.projectId);
      expect((await newVersion(old.id)).status).toBe(201);
      const other = await newForm(mine.projectId);
      const before = await eventCount(t);
      const twice = await newVersion(old.id);
      expect(twice.status).toBe(409);
      expect(twice.body.message).toBe('This document has already been replaced by a newer version.');

      const elsewhere = await newVersion(other.id, t.adminToken, { projectId: theirs.projectId });
      expect(elsewhere.status).toBe(400);
      expect(elsewhere.body.message).toBe(
        'A new version must be for the same project as the document it replaces.',
      );
      expect((await newVersion(other.id, mine.token)).status).toBe(403);
      expect((await newVersion(999_999)).status).toBe(404);
      for (const bad of ['x', -1, 0, 1.5, true, {}]) {
        const res = await newVersion(bad as never);
        expect(res.status, String(bad)).toBe(400);
        expect(res.body.message).toMatch(/replaces/);
      }
      expect(await eventCount(t)).toBe(before);
      expect((await listed(t.adminToken)).find((d) => d.id === other.id)?.supersededBy).toBeNull();
    });
  });

  describe('files', () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    /** A Windows program's first bytes (MZ header pointing at a PE header). */
    const program = (() => {
      const b = Buffer.alloc(512);
      b.write('MZ', 0, 'latin1');
      b.writeUInt32LE(0x80, 0x3c);
      b.write('PE\0\0', 0x80, 'latin1');
      return b;
    })();
    const upload = async (
      bytes: Buffer,
      filename: string,
      fields: Record<string, string | number>,
      token: string = t.adminToken,
      headers: Record<string, string> = {},
    ) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
      form.append('file', new Blob([new Uint8Array(bytes)]), filename);
      const res = await fetch(`${origin}/api/documents`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${token}`, ...headers },
      });
      return { status: res.status, body: await res.json() };
    };
    const getFile = (url: string, token: string) =>
      t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    const storedFiles = async () =>
      (await readdir(join(t.config.FILES_DIR, 'documents')).catch(() => [] as string[])).sort();

    it("an admin uploads a PDF to a project; only admins and the project's client get it, privately", async () => {
      const res = await upload(pdf, 'Site plan.pdf', {
        projectId: mine.projectId,
        title: 'Site plan',
        type: 'upload',
      });
      expect(res.status).toBe(201);
      const doc = res.body as TDocument;
      // Staff's own upload waits for no one.
      expect(doc).toMatchObject({
        type: 'upload',
        status: 'completed',
        clientId: mine.clientId,
        filename: 'Site plan.pdf',
        mimeType: 'application/pdf',
        size: pdf.length,
      });
      expect(await storedFiles()).toContain(`${sha256(pdf)}.pdf`);

      const seen = await getFile(doc.fileUrl!, mine.token);
      expect(seen.statusCode).toBe(200);
      expect(seen.rawPayload.equals(pdf)).toBe(true);
      expect(seen.headers['cache-control']).toBe('private, no-store');
      expect(seen.headers['content-type']).toBe('application/pdf');
      const downloaded = await getFile(doc.downloadUrl!, t.adminToken);
      expect(downloaded.headers['content-disposition']).toBe(
        `attachment; filename="Site plan.pdf"; filename*=UTF-8''Site%20plan.pdf`,
      );
      // The client's open is recorded (in the day's view stream); the admin's download is not a view.
      const viewed = await t.deps.store.readStream(
        `document-view-${doc.id}-${mine.userId}-${utcToLocal(new Date()).date}`,
      );
      expect(viewed.map((e) => e.type)).toEqual(['DocumentViewed']);
      const trail = await t.deps.store.readStream(`document-${doc.id}`);
      expect(trail.map((e) => e.type)).toEqual(['DocumentFileUploaded']);
      expect((await getFile(doc.fileUrl!, theirs.token)).statusCode).toBe(404);
      expect((await getFile(doc.downloadUrl!, theirs.token)).statusCode).toBe(404);

      // A deleted document's file stops being served at once.
      expect((await t.call('DELETE', `/api/documents/${doc.id}`, undefined, t.adminToken)).status).toBe(200);
      expect((await getFile(doc.fileUrl!, mine.token)).statusCode).toBe(404);
      expect((await getFile(doc.downloadUrl!, t.adminToken)).statusCode).toBe(404);
    });

    it('an upload retried with the same Idempotency-Key makes one document', async () => {
      const key = { 'idempotency-key': 'upload-retry-1' };
      const first = await upload(pdf, 'retry.pdf', { projectId: mine.projectId }, t.adminToken, key);
      const events = await eventCount(t);
      const again = await upload(pdf, 'retry.pdf', { projectId: mine.projectId }, t.adminToken, key);
      expect([first.status, again.status]).toEqual([201, 201]);
      expect(again.body.id).toBe(first.body.id);
      expect(await eventCount(t)).toBe(events);
      expect((await storedFiles()).filter((f) => f.startsWith('incoming-'))).toEqual([]);
    });

    it('a new version of an uploaded file (admins only) replaces it in the same change', async () => {
      const first = await upload(pdf, 'contract.pdf', { projectId: mine.projectId });
      expect(first.status).toBe(201);
      const before = await eventCount(t);
      const byClient = await upload(pdf, 'contract-2.pdf', { replaces: first.body.id }, mine.token);
      expect(byClient.status).toBe(403);
      expect(byClient.body.message).toBe('Only admins can make a new version of a document.');
      expect(await eventCount(t)).toBe(before);
      const second = await upload(pdf, 'contract-2.pdf', { replaces: first.body.id, projectId: '' });
      expect(second.status).toBe(201);
      expect(second.body).toMatchObject({ projectId: mine.projectId, clientId: mine.clientId });
      const old = (await t.call('GET', `/api/documents/${first.body.id}`, undefined, t.adminToken))
        .body as TDocument;
      expect(old).toMatchObject({ supersededBy: second.body.id, signatureVoid: false });
      expect((await upload(pdf, 'c3.pdf', { replaces: 'abc' })).status).toBe(400);
      expect((await storedFiles()).filter((f) => f.startsWith('incoming-'))).toEqual([]);
    });

    it('a client uploads to their own project only', async () => {
      const own = await upload(
        Buffer.from('Gate code 1234\n'),
        'notes.txt',
        { projectId: mine.projectId },
        mine.token,
      );
      expect(own.status).toBe(201);
      expect(own.body).toMatchObject({ title: 'notes.txt', mimeType: 'text/plain', clientId: mine.clientId });
      const before = await eventCount(t);
      expect((await upload(pdf, 'a.pdf', { projectId: theirs.projectId }, mine.token)).status).toBe(404);
      expect(await eventCount(t)).toBe(before);
    });

    it('the type is checked by content: a program renamed .pdf is refused and nothing is stored', async () => {
      const files = await storedFiles();
      const events = await eventCount(t);
      for (const [bytes, name] of [
        [program, 'invoice.pdf'],
        [program, 'setup.exe'],
        [pdf, 'plan.docx'],
        [Buffer.from([0x41, 0x00, 0x42, 0x00]), 'notes.txt'],
      ] as const) {
        const res = await upload(bytes, name, { projectId: mine.projectId });
        expect(res.status, name).toBe(400);
        expect(res.body.message, name).toMatch(/^Unsupported file type/);
      }
      expect(await storedFiles()).toEqual(files);
      expect(await eventCount(t)).toBe(events);
    });

    it('a file over 25 MB is answered 413 with a clear message and nothing is stored', async () => {
      const files = await storedFiles();
      const events = await eventCount(t);
      const big = Buffer.alloc(25 * 1024 * 1024 + 1, 0x20);
      big.write('%PDF-1.4\n');
      const res = await upload(big, 'scan.pdf', { projectId: mine.projectId });
      expect(res.status).toBe(413);
      expect(res.body.message).toBe(
        'File too large: scan.pdf is over 25MB. Please upload documents under 25MB.',
      );
      expect(await storedFiles()).toEqual(files);
      expect(await eventCount(t)).toBe(events);
    });
  });

  it("the lists (made as JSON by the database) hold exactly each document's own answer, newest first", async () => {
    const all = await t.call('GET', '/api/documents', undefined, t.adminToken);
    expect(all.status).toBe(200);
    const listed = z.array(ZDocument).parse(all.body);
    // Forms, signed ones, replaced ones (void or not), uploads: every kind the earlier tests made.
    expect(listed.some((d) => d.type === 'upload')).toBe(true);
    expect(listed.some((d) => d.signatureVoid)).toBe(true);
    expect(listed.some((d) => d.signature !== null && !d.signatureVoid)).toBe(true);
    for (const doc of listed) {
      const { sections: _, ...own } = (
        await t.call('GET', `/api/documents/${doc.id}`, undefined, t.adminToken)
      ).body as TDocument;
      expect(doc).toEqual(own);
    }
    const order = listed.map((d) => `${d.createdAt} ${String(d.id).padStart(9, '0')}`);
    expect(order).toEqual([...order].sort().reverse());

    const ofProject = (await t.call('GET', `/api/documents/project/${mine.projectId}`, undefined, mine.token))
      .body as TDocument[];
    expect(ofProject.map((d) => d.id)).toEqual(
      listed.filter((d) => d.projectId === mine.projectId).map((d) => d.id),
    );
  });
});
