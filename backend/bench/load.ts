import type { TPage } from '@app/contracts/api/paging';
import { PROJECT_STATUSES } from '@app/contracts/api/projects';
import autocannon from 'autocannon';
import { type SeedResult, seedBusiness } from '../seed/business.ts';
import type { SizeName } from '../seed/sizes.ts';
import { createPool } from '../src/platform/db.ts';
import { type ProductionServer, startProductionServer } from './load-server.ts';
import { rebuildLog } from './rebuild.ts';
import { type Call, caller } from './server.ts';

/**
 * Issue 16.3: the busiest reads and a mixed read/write workload against the compiled server (api, projections
 * and workers as `node` processes) on a seeded database, with autocannon; then the api process's memory.
 */
const CONNECTIONS = 16;
const ADMIN_SESSIONS = 4;
const MEMORY_AFTER = 100_000;

/** What a client's portal home asks for when it opens (frontend/src/portal/ClientPortal.tsx, queries.ts). */
const PORTAL_HOME = [
  '/api/clients/me',
  '/api/projects/client',
  '/api/appointments/client',
  '/api/dashboard/stats',
  '/api/documents',
  '/api/estimates',
];

type Who = 'client' | 'admin';
interface Accounts {
  client: string[];
  admin: string[];
  /** The projects the admin's writes change. */
  projects: number[];
}

/**
 * The seeded business's sign-ins as the load's users: every client given the demo password, and several
 * sessions of the owner (an admin); the projects the admin's writes change are the newest 200.
 */
export async function signedInUsers(api: Call, signIns: SeedResult['signIns']): Promise<Accounts> {
  const login = async ({ email, password }: { email: string; password: string }) =>
    (await api.json('POST', '/api/auth/login', null, { email, password })).token as string;
  const client = await Promise.all(signIns.clients.map(login));
  const admin = await Promise.all(Array.from({ length: ADMIN_SESSIONS }, () => login(signIns.admin)));
  const newest = (await api.json('GET', '/api/projects?limit=200', admin[0]!)) as TPage<{ id: number }>;
  return { client, admin, projects: newest.items.map((p) => p.id) };
}

interface Step {
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  who: Who;
  /** A fresh body for each request (a write). */
  body?: (n: number) => unknown;
}

/** Each connection signs in as one client and one admin session (round robin) and loops over `steps`. */
function asRequests(steps: Step[], accounts: Accounts): autocannon.Request[] {
  let connection = 0;
  let sent = 0;
  return steps.map((step) => ({
    method: step.method,
    path: step.path,
    setupRequest(request, context: { client?: string; admin?: string }) {
      if (context.client === undefined) {
        context.client = accounts.client[connection % accounts.client.length]!;
        context.admin = accounts.admin[connection % accounts.admin.length]!;
        connection++;
      }
      const n = sent++;
      return {
        ...request,
        path: step.path.replace(':project', String(accounts.projects[n % accounts.projects.length])),
        headers: {
          authorization: `Bearer ${step.who === 'client' ? context.client : context.admin}`,
          // As every browser asks (the long lists go out gzipped, made once per version).
          'accept-encoding': 'gzip, deflate, br',
          ...(step.body && { 'content-type': 'application/json' }),
        },
        ...(step.body && { body: JSON.stringify(step.body(n)) }),
      };
    },
  }));
}

export interface LoadFigure {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  /** Mean size of an answer's body and headers. */
  kilobytes: number;
  /** CPU the api process used per request (its user and system time over the run). */
  apiCpuMs: number;
  failed: number;
  statuses: string;
}

export async function fire(
  server: Pick<ProductionServer, 'base' | 'apiCpuSeconds'>,
  name: string,
  steps: Step[],
  accounts: Accounts,
  seconds: number,
) {
  const base = server.base;
  const cpuBefore = await server.apiCpuSeconds();
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: seconds,
    requests: asRequests(steps, accounts),
  });
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .map(([code, { count }]) => `${code}: ${count}`)
    .join(', ');
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    kilobytes: result.throughput.total / Math.max(1, result.requests.total) / 1024,
    apiCpuMs: (((await server.apiCpuSeconds()) - cpuBefore) * 1000) / Math.max(1, result.requests.total),
    failed: result.non2xx + result.errors + result.timeouts,
    statuses,
  } satisfies LoadFigure;
}

const read = (path: string, who: Who): Step => ({ method: 'GET', path, who });

/** The lists as the screens read them since issue 23: a page of 50 (Project Tracking asks for 24). */
const PAGE = 'limit=50';

export const READS: Record<string, Step[]> = {
  'client portal home': PORTAL_HOME.map((path) => read(path, 'client')),
  'admin projects list, a page': [read(`/api/projects?${PAGE}`, 'admin')],
  'admin projects list, a search': [read(`/api/projects?${PAGE}&q=camera`, 'admin')],
  'payments list, a page': [read(`/api/payments?${PAGE}`, 'admin')],
  'payments list, pending': [read(`/api/payments?${PAGE}&status=pending`, 'admin')],
  'clients list, a page': [read(`/api/clients?${PAGE}`, 'admin')],
  'documents list, a page': [read(`/api/documents?${PAGE}`, 'admin')],
  'conversation list': [read('/api/messages/conversations?limit=50', 'admin')],
};

/** 8 reads to 2 writes: a client's message, a project's status and a note on a project, in turn. */
export const MIXED: Step[] = [
  ...PORTAL_HOME.slice(0, 4).map((path) => read(path, 'client')),
  read(`/api/projects?${PAGE}`, 'admin'),
  read('/api/messages/conversations?limit=50', 'admin'),
  read(`/api/payments?${PAGE}`, 'admin'),
  read('/api/documents', 'client'),
  {
    method: 'POST',
    path: '/api/messages',
    who: 'client',
    body: (n) => ({ content: `Load message ${n}: is the dish aligned yet?` }),
  },
  {
    method: 'PATCH',
    path: '/api/projects/:project',
    who: 'admin',
    body: (n) =>
      n % 2 === 0
        ? { status: PROJECT_STATUSES[n % 4] }
        : { notes: `Load note ${n}: the customer asked for a second camera on the gate.` },
  },
];

/**
 * Jobs waiting for the workers (status pending): the seeded year's mail about messages, invoices and
 * appointments is recorded as jobs when the workers first read the log, and they drain it all through the
 * figures (tens of thousands on the full set, half an hour's work on this machine).
 */
async function pendingJobs(databaseUrl: string) {
  const pool = createPool(databaseUrl, 1);
  try {
    const { rows } = await pool.query(`SELECT count(*)::int AS n FROM jobs WHERE status = 'pending'`);
    return rows[0].n as number;
  } finally {
    await pool.end();
  }
}

export async function loadFigures(options: { size: SizeName }) {
  const seconds = options.size === 'small' ? 4 : 10;
  const server = await startProductionServer(async ({ databaseUrl, filesDir }) => ({
    ...(await seedBusiness({ databaseUrl, filesDir, size: options.size })),
    databaseUrl,
  }));
  try {
    const api = caller(server.base);
    const accounts = await signedInUsers(api, server.prepared.signIns);
    const jobsAtStart = await pendingJobs(server.prepared.databaseUrl);
    let served = 0;
    const reads: LoadFigure[] = [];
    for (const [name, steps] of Object.entries(READS)) {
      served += (await fire(server, name, steps, accounts, 2)).requests;
      const figure = await fire(server, name, steps, accounts, seconds);
      served += figure.requests;
      reads.push(figure);
    }
    const mixed = await fire(server, 'mixed', MIXED, accounts, seconds * 1.5);
    served += mixed.requests;
    // Portal reads (the most frequent traffic; mixed on the full set runs at a tenth of their rate) until the
    // api has answered 100,000 requests in all, then its resident memory.
    while (served < MEMORY_AFTER) {
      const more = await autocannon({
        url: server.base,
        connections: CONNECTIONS,
        amount: Math.max(CONNECTIONS, MEMORY_AFTER - served),
        requests: asRequests(READS['client portal home']!, accounts),
      });
      served += more.requests.total;
    }
    const memory = { residentMb: await server.apiResidentMb(), requests: served };
    const jobs = { atStart: jobsAtStart, atEnd: await pendingJobs(server.prepared.databaseUrl) };
    const { counts, seconds: seedSeconds } = server.prepared;
    // The seeded log replayed into every view, with nothing else running (as ops rebuild after a change).
    await server.stopProcesses();
    const rebuilt = await rebuildLog(server.prepared.databaseUrl);
    return { data: { ...counts, seedSeconds, jobs }, reads, mixed, memory, rebuilt };
  } finally {
    await server.stop();
  }
}
