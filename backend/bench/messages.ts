import { Agent, request } from 'node:http';
import WebSocket from 'ws';
import { seedConversations } from '../src/messages/seed.ts';
import { loadConfig } from '../src/platform/config.ts';
import { openInfrastructure } from '../src/platform/infrastructure.ts';
import { createDeps, createRedis } from '../src/processes/runtime.ts';
import { BENCH_ADMIN, type BenchServer, percentile, startServer } from './server.ts';

/** JSON over node:http with keep-alive (far cheaper for the load generator than fetch on 2 cores). */
function httpClient(base: string, maxSockets: number) {
  const agent = new Agent({ keepAlive: true, maxSockets });
  const call = (method: string, path: string, token: string | null, body?: unknown) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = request(`${base}${path}`, {
        method,
        agent,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
      });
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(payload);
    });
  const json = async (method: string, path: string, token: string | null, body?: unknown) => {
    const res = await call(method, path, token, body);
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.body}`);
    return JSON.parse(res.body);
  };
  return { call, json, close: () => agent.destroy() };
}
type Http = ReturnType<typeof httpClient>;

/** Signs in with a temporary password and chooses one, as a new account must; answers the session token. */
async function activate(http: Http, email: string, temporaryPassword: string) {
  const { token } = await http.json('POST', '/api/auth/login', null, { email, password: temporaryPassword });
  await http.json('POST', '/api/auth/change-password', token, {
    currentPassword: temporaryPassword,
    newPassword: 'bench-password-2',
  });
  return token as string;
}

async function portalClient(http: Http, admin: string, n: number) {
  const made = await http.json('POST', '/api/clients', admin, {
    name: `Bench Sender ${n}`,
    email: `bench-sender-${n}@example.com`,
    userType: 'client',
    portalAccess: true,
  });
  return activate(http, made.user.email, made.temporaryPassword);
}

/** A socket opened the way the web app opens one (a ticket, then `/ws?ticket=`), once it said CONNECTED. */
async function openSocket(server: BenchServer, http: Http, token: string, onFrame: (text: string) => void) {
  const { ticket } = await http.json('POST', '/api/auth/ws-ticket', token);
  const socket = new WebSocket(`${server.ws}?ticket=${ticket}`);
  await new Promise<void>((resolve, reject) => {
    socket.once('message', () => resolve());
    socket.once('error', reject);
  });
  socket.on('message', (data) => onFrame(String(data)));
  return socket;
}

const within = <T>(promise: Promise<T>, ms: number, what: () => string) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(what())), ms).unref()),
  ]);

/**
 * HTTP send → the other party's socket: `senders` clients each write in their own conversation, closed loop
 * (the next message once the previous one reached the admin's socket), timed from sending the request to the
 * admin's socket receiving its NEW_MESSAGE. A warm-up round first.
 */
async function sendToSocketLatency(
  server: BenchServer,
  http: Http,
  admin: string,
  senders = 16,
  perSender = 30,
) {
  const tokens: string[] = [];
  for (let i = 0; i < senders; i++) tokens.push(await portalClient(http, admin, i));
  const arrivals = new Map<string, () => void>();
  const socket = await openSocket(server, http, admin, (text) => {
    const frame = JSON.parse(text) as { type: string; data?: { content?: string } };
    if (frame.type === 'NEW_MESSAGE' && frame.data?.content) arrivals.get(frame.data.content)?.();
  });
  const senderHttp = httpClient(server.base, senders);
  const times: number[] = [];
  const warmup = 5;
  await Promise.all(
    tokens.map(async (token, s) => {
      for (let i = 0; i < warmup + perSender; i++) {
        const content = `bench ${s}-${i}`;
        const arrived = new Promise<number>((resolve) =>
          arrivals.set(content, () => resolve(performance.now())),
        );
        const started = performance.now();
        const res = await senderHttp.call('POST', '/api/messages', token, { content });
        if (res.status !== 201 && res.status !== 202) throw new Error(`send: ${res.status} ${res.body}`);
        const at = await within(arrived, 10_000, () => `${content} never reached the socket`);
        arrivals.delete(content);
        if (i >= warmup) times.push(at - started);
      }
    }),
  );
  senderHttp.close();
  socket.close();
  times.sort((a, b) => a - b);
  return { senders, messages: times.length, p50: percentile(times, 50), p99: percentile(times, 99) };
}

/**
 * `count` sockets (admins', opened under 10 accounts) and one client message each round: timed from sending it
 * to the last of the sockets receiving it. A warm-up round first; the slowest round is the figure.
 */
async function broadcastToSockets(server: BenchServer, http: Http, admin: string, count = 500, rounds = 5) {
  const admins: string[] = [admin];
  for (let i = 1; i < 10; i++) {
    const made = await http.json('POST', '/api/auth/create-user', admin, {
      email: `bench-admin-${i}@example.com`,
      firstName: `Admin ${i}`,
      role: 'admin',
    });
    admins.push(await activate(http, made.user.email, made.temporaryPassword));
  }
  const client = await portalClient(http, admin, 999);
  let content = '';
  let left = 0;
  let lastArrival = 0;
  let allArrived: (() => void) | null = null;
  const onFrame = (text: string) => {
    if (!text.startsWith('{"type":"NEW_MESSAGE"')) return;
    if ((JSON.parse(text) as { data: { content: string } }).data.content !== content) return;
    left -= 1;
    if (left === 0) {
      lastArrival = performance.now();
      allArrived?.();
    }
  };
  const sockets: WebSocket[] = [];
  for (let i = 0; i < count; i += 50) {
    const batch = Array.from({ length: Math.min(50, count - i) }, (_, j) =>
      openSocket(server, http, admins[(i + j) % admins.length]!, onFrame),
    );
    sockets.push(...(await Promise.all(batch)));
  }
  const times: number[] = [];
  for (let r = 0; r < rounds + 1; r++) {
    content = `broadcast ${r}`;
    left = count;
    const all = new Promise<void>((resolve) => {
      allArrived = resolve;
    });
    const started = performance.now();
    const res = await http.call('POST', '/api/messages', client, { content });
    if (res.status !== 201 && res.status !== 202) throw new Error(`send: ${res.status}`);
    await within(all, 10_000, () => `the broadcast reached ${count - left} of ${count} sockets`);
    if (r > 0) times.push(lastArrival - started);
  }
  for (const s of sockets) s.close();
  times.sort((a, b) => a - b);
  return { sockets: count, rounds: times.length, median: percentile(times, 50), max: times.at(-1)! };
}

/** GET /api/messages/conversations as an admin with `conversations` conversations of `per` messages each. */
async function conversationListLatency(
  server: BenchServer,
  http: Http,
  admin: string,
  conversations = 500,
  per = 100,
) {
  const me = await http.json('GET', '/api/auth/user', admin);
  // Seeded straight into the store from here; the projections process builds the views.
  const config = loadConfig({ DATABASE_URL: server.databaseUrl, LOG_LEVEL: 'silent' });
  const infra = await openInfrastructure(config, 4);
  const redis = createRedis(config);
  const deps = await createDeps(config, infra, redis);
  const seededAt = performance.now();
  try {
    await seedConversations(deps, { clients: conversations, perConversation: per, adminId: me.id });
  } finally {
    await deps.watcher.close();
    redis.disconnect();
    await infra.close();
  }
  const seedSeconds = (performance.now() - seededAt) / 1000;
  const first = (await http.json('GET', '/api/messages/conversations', admin)) as { messageCount: number }[];
  const listed = first.filter((c) => c.messageCount === per).length;
  if (listed < conversations)
    throw new Error(`the list shows ${listed} of ${conversations} seeded conversations`);
  for (let i = 0; i < 5; i++) await http.call('GET', '/api/messages/conversations', admin);
  const times: number[] = [];
  for (let i = 0; i < 50; i++) {
    const started = performance.now();
    const res = await http.call('GET', '/api/messages/conversations', admin);
    times.push(performance.now() - started);
    if (res.status !== 200) throw new Error(`list: ${res.status}`);
  }
  times.sort((a, b) => a - b);
  return {
    conversations: listed,
    messages: conversations * per,
    seedSeconds,
    requests: times.length,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
  };
}

/** The messaging figures (issue 12), against the API and projections running as their own processes. */
export async function messageFigures() {
  // The API and the projections as separate processes (as deployed); no workers: mail is not in these figures.
  const server = await startServer(3990 + Math.floor(Math.random() * 9), ['api', 'projections']);
  const http = httpClient(server.base, 8);
  try {
    const { token: admin } = await http.json('POST', '/api/auth/login', null, BENCH_ADMIN);
    const delivery = await sendToSocketLatency(server, http, admin);
    const broadcast = await broadcastToSockets(server, http, admin);
    const list = await conversationListLatency(server, http, admin);
    return { delivery, broadcast, list };
  } finally {
    http.close();
    await server.stop();
  }
}

if (process.argv[1]?.endsWith('bench/messages.ts')) {
  console.log(JSON.stringify(await messageFigures()));
  process.exit(0);
}
