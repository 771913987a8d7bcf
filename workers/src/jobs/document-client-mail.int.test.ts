import { readdir, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestApp, type TestApp } from '../../../backend/test/app.ts';
import { SIGNATURE_DATA_URL } from '../../../backend/test/cast.ts';
import { portalClientWithProject } from '../../../backend/test/clients.ts';
import { eventually } from '../../../backend/test/eventually.ts';

describe('mail to the admins when a client signs or uploads (workers running)', () => {
  let t: TestApp;
  let client: { token: string; clientId: number; projectId: number };
  let origin: string;

  beforeAll(async () => {
    // The first admin waits for the first views, which a loaded machine can take over the default 2 s to build.
    t = await startTestApp({ workers: true, env: { READ_YOUR_WRITES_TIMEOUT_MS: '5000' } });
    client = await portalClientWithProject(t, { name: 'Kenai Lodge', email: 'lodge@example.com' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => t?.close());

  const mails = async () =>
    Promise.all(
      (await readdir(t.outbox).catch(() => [] as string[])).map((f) => readFile(join(t.outbox, f), 'utf8')),
    );
  const mailWith = (subject: string) =>
    eventually(
      `the mail "${subject}"`,
      async () => (await mails()).find((m) => m.includes(`\nSubject: ${subject}\n`)) ?? null,
      20_000,
    );
  const newForm = async (title: string) => {
    const res = await t.call('POST', '/api/documents', { title, projectId: client.projectId }, t.adminToken);
    expect(res.status).toBe(201);
    return res.body.id as number;
  };
  const sign = (id: number, token: string) =>
    t.call('PATCH', `/api/documents/${id}/sign`, { signatureData: SIGNATURE_DATA_URL }, token);
  const upload = async (name: string, token: string) => {
    const form = new FormData();
    form.append('projectId', String(client.projectId));
    form.append('file', new Blob([`Notes for ${name}\n`]), name);
    const res = await fetch(`${origin}/api/documents`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(201);
  };

  it('a client signature and a client upload each tell the admins once; staff signing or uploading tells no one', async () => {
    // Staff first: if these mailed, their mails would be there before the client's.
    expect((await sign(await newForm('Staff Signed Form'), t.adminToken)).status).toBe(200);
    await upload('staff-notes.txt', t.adminToken);

    expect((await sign(await newForm('Property Permission Form'), client.token)).status).toBe(200);
    await upload('gate-code.txt', client.token);

    const signed = await mailWith('Kenai Lodge signed: Property Permission Form');
    expect(signed).toMatch(new RegExp(`^To: ${ADMIN.email}`, 'm'));
    expect(signed).toContain('Project: Job');
    const uploaded = await mailWith('Kenai Lodge uploaded: gate-code.txt');
    expect(uploaded).toContain('File: gate-code.txt');

    // Give a duplicate or a staff mail the time to appear before counting.
    await new Promise((r) => setTimeout(r, 1000));
    const all = await mails();
    expect(all.filter((m) => m.includes('Property Permission Form'))).toHaveLength(1);
    expect(all.filter((m) => m.includes('gate-code.txt'))).toHaveLength(1);
    expect(all.filter((m) => /Staff Signed Form|staff-notes/.test(m))).toEqual([]);
    // Every one of the four events made a job, each done with its outcome.
    const outcomes = await eventually(
      'four finished document mail jobs',
      async () => {
        const { rows } = await sql<{ outcome: { sent: boolean; reason?: string } }>`
          SELECT outcome FROM jobs WHERE name LIKE 'document.%' AND status = 'done'`.execute(t.deps.db);
        return rows.length === 4 ? rows.map((r) => r.outcome) : null;
      },
      20_000,
    );
    expect(outcomes.filter((o) => o.sent)).toHaveLength(2);
    expect(outcomes.filter((o) => !o.sent).map((o) => o.reason)).toEqual(
      expect.arrayContaining(['signed by staff', 'uploaded by staff']),
    );
  });
});
