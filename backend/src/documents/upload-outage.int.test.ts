import { createRequire, syncBuiltinESMExports } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { clientWithProject } from '../../test/clients.ts';
import { formBody } from '../../test/multipart.ts';
import { tcpProxy } from '../../test/tcp-proxy.ts';

/** The read-back of the document just recorded: the query `answerAfter` makes through `documentById`. */
const READ_BACK = '"form_sections" from "rm"."documents"';

/**
 * Issue 22, section 3: Postgres stopped while a document upload was being answered ended the API process
 * (a rejection from the read-back while the upload's temporary file was being removed, which no one
 * awaited). Here the stop falls exactly on that read-back, and the removal of the temporary file is held
 * until the read has failed, so a promise left without a handler across that removal is always seen.
 */
describe('a document upload answered while Postgres stops', () => {
  let t: TestApp;
  let postgres: Awaited<ReturnType<typeof tcpProxy>>;
  let projectId: number;
  const forgotten: unknown[] = [];
  const onUnhandled = (reason: unknown) => forgotten.push(reason);

  // Node's own fs/promises, whose `rm` the upload's temporary file is removed with.
  const fsp = createRequire(import.meta.url)('node:fs/promises') as typeof import('node:fs/promises');
  const realRm = fsp.rm;
  let holdSecondRemoval: Promise<void> | null = null;

  beforeAll(async () => {
    postgres = await tcpProxy({ host: '127.0.0.1', port: 5432 });
    t = await startTestApp({
      databaseUrl: (url) => {
        const proxied = new URL(url);
        proxied.port = String(postgres.port);
        return proxied.toString();
      },
    });
    projectId = (await clientWithProject(t, { name: 'Outage Client', email: 'outage-docs@example.com' }))
      .projectId;
    // A second removal of the same temporary file (the upload's last clean-up) waits while a hold is set.
    const removals = new Map<string, number>();
    fsp.rm = (async (path, options) => {
      const n = (removals.get(String(path)) ?? 0) + 1;
      removals.set(String(path), n);
      if (n === 2 && holdSecondRemoval && String(path).startsWith(t.config.FILES_DIR))
        await holdSecondRemoval;
      return realRm(path, options);
    }) as typeof fsp.rm;
    syncBuiltinESMExports();
    process.on('unhandledRejection', onUnhandled);
  });
  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
    fsp.rm = realRm;
    syncBuiltinESMExports();
    postgres?.restore();
    await t?.close();
    await postgres?.close();
  });

  it('answers 202 with the stored document id, leaves no promise without a handler, and the next upload is recorded', async () => {
    const upload = formBody(
      { title: 'Site notes', projectId: String(projectId) },
      { field: 'file', name: 'notes.txt', type: 'text/plain', bytes: Buffer.from('Gate code 1234\n') },
    );
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/documents',
        headers: { authorization: `Bearer ${t.adminToken}`, 'content-type': upload.contentType },
        payload: upload.body,
      });

    let release: () => void = () => undefined;
    holdSecondRemoval = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Held for a second: long enough for a failed read that no one waits for to be reported.
    const held = setTimeout(() => release(), 1000);
    postgres.cutWhenSent(READ_BACK);
    try {
      const res = await send();
      // The document was stored before the read-back failed: accepted with its id, never a 503 that would say
      // nothing changed and invite a second copy.
      expect({ status: res.statusCode, body: res.json() }).toEqual({
        status: 202,
        body: { accepted: true, message: expect.any(String), id: expect.any(Number) },
      });
    } finally {
      clearTimeout(held);
      release();
      holdSecondRemoval = null;
      postgres.restore();
    }
    expect(forgotten).toEqual([]);

    const again = await send();
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ projectId, title: 'Site notes', type: 'upload' });
  }, 30_000);
});
