import type { AddressInfo } from 'node:net';
import { startTestApp } from '../test/app.ts';
import { portalClientWithProject } from '../test/clients.ts';

/**
 * Does password hashing starve file and database work? (issue 22, section 5.) Over real HTTP on a fresh
 * database: a 4 MB document is downloaded and the first admin signs in, one after the other, timed, first with
 * nothing else going on, then while 40 clients keep password checks in flight: one round of 40 concurrent
 * change-password requests with a wrong current password (the probe's load), then 40 clients signing in with
 * the right password over and over (not cut short by the per-account limit on failures).
 *
 *   npx tsx backend/bench/password-load.ts [seconds of each load, default 8]
 */
const MB = 1024 * 1024;
const seconds = Number(process.argv[2] ?? 8);

const t = await startTestApp();
await t.app.listen({ port: 0, host: '127.0.0.1' });
const origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;

const http = async (method: string, path: string, body?: unknown, token?: string) => {
  const res = await fetch(`${origin}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await res.arrayBuffer();
  return res.status;
};

const { projectId } = await portalClientWithProject(t, { name: 'Load Client', email: 'load@example.com' });
const pdf = Buffer.alloc(4 * MB, 0x20);
pdf.write('%PDF-1.4\n');
pdf.write('\n%%EOF\n', pdf.length - 7);
const form = new FormData();
form.append('projectId', String(projectId));
form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'survey.pdf');
const uploaded = await fetch(`${origin}/api/documents`, {
  method: 'POST',
  headers: { authorization: `Bearer ${t.adminToken}` },
  body: form,
});
if (uploaded.status !== 201) throw new Error(`upload answered ${uploaded.status}: ${await uploaded.text()}`);
const documentId = ((await uploaded.json()) as { id: number }).id;

const victim = await t.createUser({ email: 'victim@example.com' });
const victimToken = await t.activate(victim.email, victim.temporaryPassword, 'victim-password-1');

const timed = async (what: () => Promise<number>) => {
  const started = performance.now();
  const status = await what();
  return { ms: performance.now() - started, status };
};
const download = () =>
  timed(() => http('GET', `/api/documents/${documentId}/download`, undefined, t.adminToken));
const signIn = () =>
  timed(() => http('POST', '/api/auth/login', { email: 'owner@example.com', password: 'owner-password-1' }));

/** Downloads and sign-ins timed one after the other until `running` says stop. */
async function probe(running: () => boolean) {
  const downloads: number[] = [];
  const signIns: number[] = [];
  while (running()) {
    const d = await download();
    if (d.status !== 200) throw new Error(`download answered ${d.status}`);
    downloads.push(d.ms);
    const s = await signIn();
    signIns.push(s.ms);
  }
  return { downloads, signIns };
}

const summary = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
  return `n=${sorted.length} p50=${at(50).toFixed(0)} ms max=${(sorted.at(-1) ?? 0).toFixed(0)} ms`;
};

async function under(name: string, load: (running: () => boolean) => Promise<Map<number, number>>) {
  let on = true;
  const running = () => on;
  const stop = setTimeout(() => {
    on = false;
  }, seconds * 1000);
  const [measured, statuses] = await Promise.all([probe(running), load(running)]);
  clearTimeout(stop);
  console.log(`${name}:`);
  console.log(`  download 4 MB: ${summary(measured.downloads)}`);
  console.log(`  sign-in:       ${summary(measured.signIns)}`);
  console.log(`  load answers:  ${JSON.stringify(Object.fromEntries(statuses))}`);
}

const count = (statuses: Map<number, number>, status: number) =>
  statuses.set(status, (statuses.get(status) ?? 0) + 1);

await under('idle', async () => new Map());

await under('40 concurrent wrong-password change-password requests, once', async () => {
  const statuses = new Map<number, number>();
  const answers = await Promise.all(
    Array.from({ length: 40 }, (_, i) =>
      timed(() =>
        http(
          'POST',
          '/api/auth/change-password',
          { currentPassword: `wrong-${i}`, newPassword: 'whatever-1' },
          victimToken,
        ),
      ),
    ),
  );
  for (const a of answers) count(statuses, a.status);
  console.log(`  (the 40 answered within ${Math.max(...answers.map((a) => a.ms)).toFixed(0)} ms)`);
  return statuses;
});

await under('40 clients signing in over and over', async (running) => {
  const statuses = new Map<number, number>();
  await Promise.all(
    Array.from({ length: 40 }, async () => {
      while (running())
        count(
          statuses,
          await http('POST', '/api/auth/login', { email: victim.email, password: 'victim-password-1' }),
        );
    }),
  );
  return statuses;
});

await t.close();
process.exit(0);
