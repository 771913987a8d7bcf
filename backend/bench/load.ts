import { PROJECT_STATUSES } from '@app/contracts/api/projects';
import autocannon from 'autocannon';
import { startProductionServer } from './load-server.ts';
import { standInBusiness } from './load-standin.ts';
import { BENCH_ADMIN, type Call, caller, inParallel } from './server.ts';

/**
 * Issue 16.3: the busiest reads and a mixed read/write workload against the compiled server (api, projections
 * and workers as `node` processes) on a seeded database, with autocannon; then the api process's memory.
 */
const CONNECTIONS = 16;
const PORTAL_CLIENTS = 8;
const PROJECTS_EACH = 10;
const MESSAGES_EACH = 20;
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
  /** Projects of the portal clients, which the admin's writes change. */
  projects: number[];
}

/** Signs in with a temporary password and chooses one, as a new account must; answers the session token. */
async function activate({ json }: Call, email: string, temporaryPassword: string) {
  const { token } = await json('POST', '/api/auth/login', null, { email, password: temporaryPassword });
  await json('POST', '/api/auth/change-password', token, {
    currentPassword: temporaryPassword,
    newPassword: 'bench-password-2',
  });
  return token as string;
}

/**
 * Portal clients with projects and a conversation each (made through the API), and several admin sessions:
 * the signed-in users the load runs as.
 */
async function signedInUsers(api: Call, admin: string): Promise<Accounts> {
  const client: string[] = [];
  const projects: number[] = [];
  await inParallel(PORTAL_CLIENTS, 4, async (n) => {
    const email = `load-portal-${n}@example.com`;
    const made = await api.json('POST', '/api/clients', admin, {
      name: `Load Portal ${n}`,
      email,
      userType: 'client',
      portalAccess: true,
    });
    const clientId = (made.client?.id ?? made.id) as number;
    const token = await activate(api, email, made.temporaryPassword);
    client.push(token);
    await inParallel(PROJECTS_EACH, 2, async (i) => {
      const project = await api.json('POST', '/api/projects', admin, {
        clientId,
        title: `Load job ${n}-${i}`,
        type: i % 2 === 0 ? 'security_cameras' : 'starlink',
        description: 'Cameras on the gate and the yard, a recorder in the shop.',
      });
      projects.push(project.id as number);
    });
    for (let i = 0; i < MESSAGES_EACH; i++) {
      const [who, body] =
        i % 2 === 0
          ? [token, { content: `Question ${i}: when does the crew come?` }]
          : [admin, { clientId, content: `Answer ${i}: Tuesday at nine.` }];
      await api.json('POST', '/api/messages', who, body);
    }
  });
  const sessions = await Promise.all(
    Array.from({ length: ADMIN_SESSIONS }, () => api.json('POST', '/api/auth/login', null, BENCH_ADMIN)),
  );
  return { client, admin: sessions.map((s) => s.token as string), projects };
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
  failed: number;
  statuses: string;
}

async function fire(base: string, name: string, steps: Step[], accounts: Accounts, seconds: number) {
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
    failed: result.non2xx + result.errors + result.timeouts,
    statuses,
  } satisfies LoadFigure;
}

const read = (path: string, who: Who): Step => ({ method: 'GET', path, who });

const READS: Record<string, Step[]> = {
  'client portal home': PORTAL_HOME.map((path) => read(path, 'client')),
  'admin projects list': [read('/api/projects', 'admin')],
  'payments list': [read('/api/payments', 'admin')],
  'conversation list': [read('/api/messages/conversations', 'admin')],
};

/** 8 reads to 2 writes: a client's message, a project's status and a note on a project, in turn. */
const MIXED: Step[] = [
  ...PORTAL_HOME.slice(0, 4).map((path) => read(path, 'client')),
  read('/api/projects', 'admin'),
  read('/api/messages/conversations', 'admin'),
  read('/api/payments', 'admin'),
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

export async function loadFigures(options: { size: 'small' | 'full' }) {
  const seconds = options.size === 'full' ? 10 : 4;
  const server = await startProductionServer();
  try {
    const api = caller(server.base);
    const { token: admin } = await api.json('POST', '/api/auth/login', null, BENCH_ADMIN);
    const seededAt = performance.now();
    const data = await standInBusiness(api, admin, options.size);
    const accounts = await signedInUsers(api, admin);
    const seedSeconds = (performance.now() - seededAt) / 1000;
    let served = 0;
    const reads: LoadFigure[] = [];
    for (const [name, steps] of Object.entries(READS)) {
      served += (await fire(server.base, name, steps, accounts, 2)).requests;
      const figure = await fire(server.base, name, steps, accounts, seconds);
      served += figure.requests;
      reads.push(figure);
    }
    const mixed = await fire(server.base, 'mixed', MIXED, accounts, seconds * 1.5);
    served += mixed.requests;
    // Mixed until the api has answered 100,000 requests in all, then its resident memory.
    while (served < MEMORY_AFTER) {
      const more = await autocannon({
        url: server.base,
        connections: CONNECTIONS,
        amount: Math.max(CONNECTIONS, MEMORY_AFTER - served),
        requests: asRequests(MIXED, accounts),
      });
      served += more.requests.total;
    }
    const memory = { residentMb: await server.apiResidentMb(), requests: served };
    return { data: { ...data, seedSeconds }, reads, mixed, memory };
  } finally {
    await server.stop();
  }
}
