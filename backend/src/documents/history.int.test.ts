import type { TAuditEntry } from '@app/contracts/api/audit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { SIGNATURE_DATA_URL } from '../../test/cast.ts';
import { portalClientWithProject } from '../../test/clients.ts';
import { eventually } from '../../test/eventually.ts';

describe("a project's History holds its documents' events (GET /api/audit?stream=project-<id>)", () => {
  let t: TestApp;
  let mine: { token: string; clientId: number; projectId: number };
  let theirs: { token: string; clientId: number; projectId: number };

  beforeAll(async () => {
    t = await startTestApp();
    mine = await portalClientWithProject(t, { name: 'Client H1', email: 'h1@example.com' });
    theirs = await portalClientWithProject(t, { name: 'Client H2', email: 'h2@example.com' });
  });
  afterAll(async () => t?.close());

  const history = async (projectId: number) => {
    const res = await t.call('GET', `/api/audit?stream=project-${projectId}`, undefined, t.adminToken);
    expect(res.status).toBe(200);
    return res.body as TAuditEntry[];
  };
  const form = async (projectId: number, title: string, replaces?: number) => {
    const res = await t.call('POST', '/api/documents', { title, projectId, replaces }, t.adminToken);
    expect(res.status).toBe(201);
    return res.body.id as number;
  };

  it('made, opened by the client, signed, replaced by a new version, deleted: newest first, with the title', async () => {
    const first = await form(mine.projectId, 'Service Agreement');
    expect((await t.call('GET', `/api/documents/${first}`, undefined, mine.token)).status).toBe(200);
    const signed = await t.call(
      'PATCH',
      `/api/documents/${first}/sign`,
      { signatureData: SIGNATURE_DATA_URL },
      mine.token,
    );
    expect(signed.status).toBe(200);
    const second = await form(mine.projectId, 'Service Agreement v2', first);
    expect((await t.call('DELETE', `/api/documents/${second}`, undefined, t.adminToken)).status).toBe(200);
    await form(theirs.projectId, 'Not this project');

    // The audit view follows the log; the last event may take a moment.
    const entries = await eventually(
      'the deletion in the History',
      async () => {
        const e = await history(mine.projectId);
        return e.some((x) => x.type === 'DocumentDeleted') ? e : null;
      },
      5000,
    );
    const documentEntries = entries.filter((e) => e.stream.startsWith('document-'));
    // The new version and the old one's replacement are one change: either order is right between them.
    const lines = documentEntries.map((e) => `${e.type} ${e.stream}`);
    expect(lines).toHaveLength(6);
    expect(lines[0]).toBe(`DocumentDeleted document-${second}`);
    expect(lines.slice(1, 3).sort()).toEqual([
      `DocumentFormCreated document-${second}`,
      `DocumentSuperseded document-${first}`,
    ]);
    expect(lines.slice(3)).toEqual([
      `DocumentSigned document-${first}`,
      `DocumentViewed document-${first}`,
      `DocumentFormCreated document-${first}`,
    ]);
    expect(documentEntries.find((e) => e.type === 'DocumentSigned')).toMatchObject({
      documentTitle: 'Service Agreement',
      actorName: 'Client H1',
      actorRole: 'client',
    });
    expect(documentEntries.find((e) => e.type === 'DocumentDeleted')?.documentTitle).toBe(
      'Service Agreement v2',
    );
    // The project's own events are still there, after (older than) the documents'.
    expect(entries.at(-1)).toMatchObject({ type: 'ProjectCreated', stream: `project-${mine.projectId}` });
    expect(entries.some((e) => e.documentTitle === 'Not this project')).toBe(false);

    // A document's own trail is still served by its stream.
    const own = await t.call('GET', `/api/audit?stream=document-${first}`, undefined, t.adminToken);
    expect((own.body as TAuditEntry[]).map((e) => e.type)).toEqual([
      'DocumentSuperseded',
      'DocumentSigned',
      'DocumentViewed',
      'DocumentFormCreated',
    ]);
  });

  it('an upload to the project is in its History; the History is for admins only', async () => {
    const form = new FormData();
    form.append('projectId', String(mine.projectId));
    form.append('file', new Blob(['Gate code 1234\n']), 'gate.txt');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/documents',
      headers: { authorization: `Bearer ${mine.token}` },
      payload: form,
    });
    expect(res.statusCode).toBe(201);
    const entries = await eventually(
      'the upload in the History',
      async () => {
        const e = await history(mine.projectId);
        return e.find((x) => x.type === 'DocumentFileUploaded') ?? null;
      },
      5000,
    );
    expect(entries).toMatchObject({ documentTitle: 'gate.txt', actorRole: 'client' });
    const asClient = await t.call(
      'GET',
      `/api/audit?stream=project-${mine.projectId}`,
      undefined,
      mine.token,
    );
    expect(asClient.status).toBe(403);
  });
});
