import { spawn } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TDomainEvent } from '@app/contracts/events/domain';
import { PDFDocument } from 'pdf-lib';
import { documentStream } from '../src/documents/decide.ts';
import { systemActor, toNewEvents } from '../src/platform/command.ts';
import { startTestApp, type TestApp } from '../test/app.ts';
import { SIGNATURE_DATA_URL } from '../test/cast.ts';
import { portalClientWithProject } from '../test/clients.ts';
import { percentile } from './server.ts';

const MB = 1024 * 1024;

/**
 * A 25 MB upload through the real HTTP API, sent by curl from its own process (so the sender's buffers are
 * not counted): the app's resident memory is sampled every 2 ms while the file arrives, against what it
 * was just before. A small upload first loads the code paths (file-type detection, the file store).
 */
async function uploadMemory(t: TestApp, origin: string, projectId: number) {
  const file = join(tmpdir(), `ng-bench-upload-${process.pid}.pdf`);
  const curl = (path: string, name: string) =>
    new Promise<number>((resolve, reject) => {
      const child = spawn(
        'curl',
        [
          '-s',
          '-o',
          '/dev/null',
          '-w',
          '%{http_code}',
          '-H',
          `authorization: Bearer ${t.adminToken}`,
          '-F',
          `projectId=${projectId}`,
          '-F',
          `file=@${path};filename=${name}`,
          `${origin}/api/documents`,
        ],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      let out = '';
      child.stdout.on('data', (d) => {
        out += d;
      });
      child.on('error', reject);
      child.on('exit', () => resolve(Number(out)));
    });
  try {
    const bytes = Buffer.alloc(25 * MB - 64 * 1024, 0x20);
    bytes.write('%PDF-1.4\n');
    bytes.write('\n%%EOF\n', bytes.length - 7);
    await writeFile(file, bytes.subarray(0, 64 * 1024));
    if ((await curl(file, 'warm-up.pdf')) !== 201) throw new Error('warm-up upload refused');
    await writeFile(file, bytes);
    global.gc?.();
    await new Promise((r) => setTimeout(r, 200));
    const before = process.memoryUsage();
    let peakRss = before.rss;
    let peakHeap = before.heapUsed;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peakRss = Math.max(peakRss, now.rss);
      peakHeap = Math.max(peakHeap, now.heapUsed);
    }, 2);
    const started = performance.now();
    const status = await curl(file, 'site-survey.pdf');
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    if (status !== 201) throw new Error(`25 MB upload answered ${status}`);
    return {
      size: bytes.length,
      seconds,
      rssGrowth: (peakRss - before.rss) / MB,
      heapGrowth: (peakHeap - before.heapUsed) / MB,
    };
  } finally {
    await rm(file, { force: true });
  }
}

/** A signed form long enough for about 20 content pages; GET /api/documents/{id}/signed-pdf timed. */
async function signedPdfTime(t: TestApp, client: { token: string; projectId: number }, fields = 275) {
  const answer = (i: number) =>
    `Answer ${i}: the installer mounts the camera on the north wall, runs the cable through the attic ` +
    'to the recorder in the utility room, and checks the night view with the owner before leaving.';
  const formData = Object.fromEntries(
    Array.from({ length: fields }, (_, i) => [`question${i + 1}`, answer(i)]),
  );
  const made = await t.call(
    'POST',
    '/api/documents',
    { title: 'Long inspection checklist', projectId: client.projectId, formData },
    t.adminToken,
  );
  if (made.status !== 201) throw new Error(`form: ${made.status} ${JSON.stringify(made.body)}`);
  const id = made.body.id as number;
  const signed = await t.call(
    'PATCH',
    `/api/documents/${id}/sign`,
    { signatureData: SIGNATURE_DATA_URL },
    client.token,
  );
  if (signed.status !== 200) throw new Error(`sign: ${signed.status}`);
  const times: number[] = [];
  let pages = 0;
  for (let i = 0; i < 6; i++) {
    const started = performance.now();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/documents/${id}/signed-pdf`,
      headers: { authorization: `Bearer ${client.token}` },
    });
    times.push(performance.now() - started);
    if (res.statusCode !== 200) throw new Error(`signed-pdf: ${res.statusCode}`);
    if (i === 0) pages = (await PDFDocument.load(res.rawPayload)).getPageCount();
  }
  const warm = times.slice(1).sort((a, b) => a - b);
  return { pages, first: times[0]!, median: percentile(warm, 50), max: warm.at(-1)! };
}

/** GET /api/documents as an admin with `count` documents in the view (seeded straight into the log). */
async function listLatency(
  t: TestApp,
  origin: string,
  client: { clientId: number; projectId: number },
  count = 5000,
) {
  const actor = systemActor();
  const first = 1_000_000;
  const writes = Array.from({ length: count }, (_, i) => {
    const documentId = first + i;
    const event: TDomainEvent = {
      type: 'DocumentFormCreated',
      data: {
        documentId,
        clientId: client.clientId,
        projectId: client.projectId,
        title: `Security Camera Install Quote ${i}`,
        description: '',
        templateType: null,
        formData: { cameraCount: 4, projectType: 'Residential', timeline: 'ASAP', notes: `Gate ${i}` },
        sections: null,
      },
    };
    return {
      stream: documentStream(documentId),
      events: toNewEvents([event], actor),
      expectedRevision: 'no_stream' as const,
    };
  });
  for (let i = 0; i < writes.length; i += 500) await t.deps.store.appendMany(writes.slice(i, i + 500));
  for (let i = 0; ; i++) {
    const { count: shown } = await t.deps.rm
      .selectFrom('documents')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    if (Number(shown) >= count) break;
    if (i > 600) throw new Error(`the documents view shows ${shown} of ${count}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  // Over a kept-alive socket, from sending the request to the answer's last byte.
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const get = () =>
    new Promise<{ status: number; body: Buffer }>((resolve, reject) => {
      const req = request(`${origin}/api/documents`, {
        agent,
        headers: { authorization: `Bearer ${t.adminToken}` },
      });
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });
  for (let i = 0; i < 5; i++) await get();
  const times: number[] = [];
  let listed = 0;
  for (let i = 0; i < 50; i++) {
    const started = performance.now();
    const res = await get();
    times.push(performance.now() - started);
    if (res.status !== 200) throw new Error(`list: ${res.status}`);
    if (i === 0) listed = (JSON.parse(res.body.toString('utf8')) as unknown[]).length;
  }
  agent.destroy();
  times.sort((a, b) => a - b);
  return { listed, requests: times.length, p50: percentile(times, 50), p99: percentile(times, 99) };
}

/** The documents figures: a 25 MB upload's memory, a 20-page signed PDF's time, a 5,000-document list. */
export async function documentFigures() {
  const t = await startTestApp();
  try {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const client = await portalClientWithProject(t, {
      name: 'Bench Client',
      email: 'bench-client@example.com',
    });
    const upload = await uploadMemory(t, origin, client.projectId);
    const pdf = await signedPdfTime(t, client);
    const list = await listLatency(t, origin, client);
    return { upload, pdf, list };
  } finally {
    await t.close();
  }
}
