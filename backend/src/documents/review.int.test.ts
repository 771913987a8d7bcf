import type { AddressInfo } from 'node:net';
import type { TDocument } from '@app/contracts/api/documents';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { SIGNATURE_DATA_URL } from '../../test/cast.ts';
import { portalClientWithProject } from '../../test/clients.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

describe("staff review of clients' uploads, and what counts as pending", () => {
  let t: TestApp;
  let mine: { token: string; clientId: number; projectId: number };
  let origin: string;

  beforeAll(async () => {
    t = await startTestApp();
    mine = await portalClientWithProject(t, { name: 'Mara Kodiak', email: 'mara@example.com' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t?.close();
  });

  const upload = async (token: string, filename: string) => {
    const form = new FormData();
    form.append('projectId', String(mine.projectId));
    form.append('file', new Blob([new Uint8Array(PDF)]), filename);
    const res = await fetch(`${origin}/api/documents`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(201);
    return (await res.json()) as TDocument;
  };
  const pending = async (token: string) =>
    (await t.call('GET', '/api/dashboard/stats', undefined, token)).body.pendingDocuments as number;
  const sign = (id: number) =>
    t.call('PATCH', `/api/documents/${id}/sign`, { signatureData: SIGNATURE_DATA_URL }, mine.token);
  const review = (id: number, token: string) =>
    t.call('PATCH', `/api/documents/${id}/review`, undefined, token);

  it("a client's upload waits for staff review; staff's own needs none", async () => {
    const theirs = await upload(mine.token, 'permit.pdf');
    const ours = await upload(t.adminToken, 'site-plan.pdf');
    expect(theirs.status).toBe('pending');
    expect(ours.status).toBe('completed');
    // Staff see the client's file waiting; the client's own count is only forms awaiting their signature.
    expect(await pending(t.adminToken)).toBe(1);
    expect(await pending(mine.token)).toBe(0);

    expect((await review(theirs.id, mine.token)).status).toBe(403);
    const reviewed = await review(theirs.id, t.adminToken);
    expect(reviewed.status).toBe(200);
    expect(reviewed.body).toMatchObject({ id: theirs.id, status: 'completed' });
    expect(await pending(t.adminToken)).toBe(0);

    const again = await review(theirs.id, t.adminToken);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This document is not waiting for review.');
    expect((await review(ours.id, t.adminToken)).status).toBe(409);
    const events = await t.deps.store.readStream(`document-${theirs.id}`);
    expect(events.map((e) => e.type)).toEqual(['DocumentFileUploaded', 'DocumentReviewed']);
  });

  it('a form replaced by a newer version no longer counts, its signed PDF says void; its new version counts', async () => {
    const make = (extra: object = {}) =>
      t.call(
        'POST',
        '/api/documents',
        { title: 'Site survey', projectId: mine.projectId, ...extra },
        t.adminToken,
      );
    const first = (await make()).body as TDocument;
    expect(await pending(mine.token)).toBe(1);
    expect((await sign(first.id)).status).toBe(200);
    expect(await pending(mine.token)).toBe(0);
    const second = (await make({ replaces: first.id })).body as TDocument;
    // The old one's signed PDF says its signature is void and names the new version.
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/documents/${first.id}/signed-pdf`,
      headers: { authorization: `Bearer ${mine.token}` },
    });
    const { text } = await extractText(new Uint8Array(pdf.rawPayload), { mergePages: true });
    expect(text.replace(/\s+/g, ' ')).toContain(
      `VOID: this signature no longer counts. Document #${first.id} was replaced by its new version #${second.id}`,
    );
    expect(second.id).not.toBe(first.id);
    expect(await pending(mine.token)).toBe(1);
    expect(await pending(t.adminToken)).toBe(1);
    expect((await sign(second.id)).status).toBe(200);
    expect(await pending(mine.token)).toBe(0);
    expect(await pending(t.adminToken)).toBe(0);
  });
});
