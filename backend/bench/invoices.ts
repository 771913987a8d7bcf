import { paymentsJson } from '../src/invoices/queries.ts';
import { createKysely, createPool } from '../src/platform/db.ts';
import type { AppDeps } from '../src/platform/deps.ts';
import { startFakeStripe } from '../test/fakes/stripe.ts';
import { BENCH_ADMIN, type Call, caller, inParallel, percentile, startServer } from './server.ts';

/** Issue 15.10: the month's numbers under concurrent creation, the payments list, Stripe's webhook. */
const CONCURRENT = 16;
const INVOICES = 5_000;
const CLIENTS = 20;
const PROJECTS = 100;
const LIST_REQUESTS = 200;
const CHANGED_LIST_REQUESTS = 100;
const DELIVERIES = 200;
const WARM_UP = 5;

/** Clients and their projects made through the API; answers the project ids. */
async function seedProjects({ json }: Call, admin: string, clients: number, projects: number) {
  const clientIds: number[] = [];
  await inParallel(clients, 4, async (i) => {
    const made = await json('POST', '/api/clients', admin, {
      name: `Bench Billing ${i}`,
      email: `bench-billing-${i}@example.com`,
      userType: 'client',
      portalAccess: false,
    });
    clientIds.push((made.client?.id ?? made.id) as number);
  });
  const projectIds: number[] = [];
  await inParallel(projects, 4, async (i) => {
    const made = await json('POST', '/api/projects', admin, {
      clientId: clientIds[i % clientIds.length],
      title: `Bench billing job ${i}`,
      type: i % 2 === 0 ? 'security_cameras' : 'starlink',
    });
    projectIds.push(made.id as number);
  });
  return projectIds;
}

/** The sequence part of INV-YYYYMM-NNN, and whether `numbers` are first..first+n-1 exactly once each. */
function consecutive(numbers: string[]) {
  const months = new Set(numbers.map((n) => n.split('-')[1]));
  const sequences = numbers.map((n) => Number(n.split('-')[2])).sort((a, b) => a - b);
  const first = sequences[0] ?? 0;
  const ok = months.size === 1 && sequences.every((s, i) => s === first + i);
  const duplicates = sequences.length - new Set(sequences).size;
  const gaps = sequences.length === 0 ? 0 : sequences.at(-1)! - first + 1 - new Set(sequences).size;
  return { ok, first, last: sequences.at(-1) ?? 0, duplicates, gaps };
}

async function timed(requests: number, request: () => Promise<unknown>) {
  for (let i = 0; i < WARM_UP; i++) await request();
  const times: number[] = [];
  for (let i = 0; i < requests; i++) {
    const started = performance.now();
    await request();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { requests, p50: percentile(times, 50), p99: percentile(times, 99) };
}

/** The payments list's query (`paymentsJson`) timed on its own, as the API runs it. */
async function queryTime(databaseUrl: string) {
  const pool = createPool(databaseUrl, 1);
  try {
    const deps = {
      rm: createKysely(pool).withSchema('rm'),
      config: { PUBLIC_URL: 'http://127.0.0.1:3490' } as AppDeps['config'],
    };
    return await timed(LIST_REQUESTS, () => paymentsJson(deps));
  } finally {
    await pool.end();
  }
}

/**
 * The list read right after one invoice changed (its due date moved, not timed): the text each API process
 * keeps is made again, so this is the list's cost when invoices change between every two reads.
 */
async function afterChange(api: Call, admin: string, invoiceId: number) {
  let round = 0;
  const times: number[] = [];
  for (let i = 0; i < CHANGED_LIST_REQUESTS; i++) {
    const dueDate = `2027-02-${String(1 + (round++ % 28)).padStart(2, '0')}`;
    await api.json('PATCH', `/api/invoices/${invoiceId}/due-date`, admin, { dueDate });
    const started = performance.now();
    await api.call('GET', '/api/payments', admin);
    times.push(performance.now() - started);
  }
  return { requests: times.length, p50: percentile(times, 50), p99: percentile(times, 99) };
}

/** The month's counter refuses after its tries when too many creations race: "Please try again". */
const NO_NUMBER = 'No invoice number could be handed out';

/**
 * Invoice numbers and the payments list on a server of the API and the projections (their own processes):
 * 16 invoices created at once on a fresh database (the month's first numbers: their invoice date is today),
 * 16 more at once, then the list filled to 5,000 through the API, 8 at a time, each taking the month's next
 * number (a creation that lost the race reads the counter's last event again and retries), read one request
 * at a time as an admin.
 */
async function numbersAndList() {
  const server = await startServer(3490, ['api', 'projections']);
  try {
    const api = caller(server.base);
    const { token: admin } = await api.json('POST', '/api/auth/login', null, BENCH_ADMIN);
    const projects = await seedProjects(api, admin, CLIENTS, PROJECTS);
    let made = 0;
    let refused = 0;
    /** One invoice, answered 201 with the row or 202 with the id; `retry`: again after the counter's 409. */
    const create = async (retry: boolean): Promise<number> => {
      const i = made++;
      for (;;) {
        try {
          const answer = await api.json('POST', '/api/invoices', admin, {
            projectId: projects[i % projects.length],
            amount: 150 + (i % 40) * 25.5,
            description: `Bench invoice ${i}: cameras, dish and a month of monitoring`,
            dueDate: '2027-01-15',
          });
          return answer.id as number;
        } catch (err) {
          if (!(err as Error).message.includes(NO_NUMBER)) throw err;
          refused++;
          if (!retry) return -1;
        }
      }
    };
    /** 16 creations at once: the ids made (-1: refused), and how long until the last answered. */
    const round = async () => {
      const started = performance.now();
      const ids = await Promise.all(Array.from({ length: CONCURRENT }, () => create(false)));
      return { ids, ms: performance.now() - started };
    };

    const first = await round();
    const firstRefused = refused;
    refused = 0;
    const full = await round();
    const fullRefused = refused;
    refused = 0;
    const seededAt = performance.now();
    await inParallel(INVOICES - 2 * CONCURRENT, 8, () => create(true));
    const seedSeconds = (performance.now() - seededAt) / 1000;
    const seedRefused = refused;

    const expected = made - firstRefused - fullRefused;
    let listed: { id: number; invoiceNumber: string }[] = [];
    for (let i = 0; ; i++) {
      listed = await api.json('GET', '/api/payments', admin);
      if (listed.length >= expected) break;
      if (i > 300) throw new Error(`the payments list shows ${listed.length} of ${expected} invoices`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const numberOf = new Map(listed.map((p) => [p.id, p.invoiceNumber]));
    const check = ({ ids, ms }: { ids: number[]; ms: number }, refusedHere: number) => {
      const received = ids.filter((id) => id > 0).map((id) => numberOf.get(id) ?? `missing-${id}`);
      const verdict = consecutive(received);
      return { ms, received, refused: refusedHere, ...verdict, ok: verdict.ok && refusedHere === 0 };
    };
    const numbers = {
      concurrent: CONCURRENT,
      fresh: check(first, firstRefused),
      full: check(full, fullRefused),
      whole: {
        invoices: listed.length,
        seedRefused,
        ...consecutive(listed.map((p) => p.invoiceNumber)),
      },
    };

    const bytes = Buffer.byteLength(await api.call('GET', '/api/payments', admin));
    const list = {
      ...(await timed(LIST_REQUESTS, () => api.call('GET', '/api/payments', admin))),
      listed: listed.length,
      kilobytes: bytes / 1024,
      // The database's share: the list's query alone, from here over its own connection.
      query: await queryTime(server.databaseUrl),
      afterChange: await afterChange(api, admin, listed[0]!.id),
    };
    return { numbers, list, seedSeconds };
  } finally {
    await server.stop();
  }
}

/**
 * Stripe's webhook on a server of the API, the projections and the workers (one process), its STRIPE_* settings pointing at
 * a local fake Stripe: each of 200 invoices gets a payment intent through the API, then Stripe's signed
 * `payment_intent.succeeded` is delivered for each, one at a time, and the acknowledgement timed. The jobs
 * record the payments meanwhile; the figure also says how long until every invoice showed paid.
 */
async function webhook() {
  const stripe = await startFakeStripe({ webhookSecret: 'whsec_bench_invoices' });
  const settings = {
    STRIPE_SECRET_KEY: 'sk_test_bench',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_bench',
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_BASE: stripe.url,
  };
  // startServer hands this process's environment to the server's processes.
  Object.assign(process.env, settings);
  // One process as `npm start` runs it: three started at once on a fresh database race each other's migrations.
  const server = await startServer(3491, ['all']).finally(() => {
    for (const key of Object.keys(settings)) delete process.env[key];
  });
  try {
    const api = caller(server.base);
    const { token: admin } = await api.json('POST', '/api/auth/login', null, BENCH_ADMIN);
    const projects = await seedProjects(api, admin, 4, 10);
    const count = WARM_UP + DELIVERIES;
    const intents: { invoiceId: number; intentId: string }[] = [];
    await inParallel(count, 4, async (i) => {
      const projectId = projects[i % projects.length]!;
      const made = await api.json('POST', '/api/invoices', admin, {
        projectId,
        amount: 99 + i,
        description: `Bench card payment ${i}`,
      });
      const { clientSecret } = await api.json('POST', '/api/create-payment-intent', admin, {
        invoiceId: made.id,
        projectId,
        amount: 99 + i,
      });
      intents.push({ invoiceId: made.id, intentId: (clientSecret as string).split('_secret_')[0]! });
    });
    const times: number[] = [];
    let duplicates = 0;
    for (const [i, { intentId }] of intents.entries()) {
      stripe.succeed(intentId);
      const payload = stripe.eventFor(intentId, 'payment_intent.succeeded');
      const signature = stripe.sign(payload);
      const started = performance.now();
      const res = await fetch(`${server.base}/api/stripe/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
      });
      const answer = (await res.json()) as { received?: boolean; duplicate?: boolean };
      const took = performance.now() - started;
      if (res.status !== 200 || answer.received !== true)
        throw new Error(`webhook answered ${res.status} ${JSON.stringify(answer)}`);
      if (answer.duplicate) duplicates++;
      if (i >= WARM_UP) times.push(took);
    }
    const deliveredAt = performance.now();
    const ids = new Set(intents.map((i) => i.invoiceId));
    let paid = 0;
    for (let i = 0; ; i++) {
      const listed = (await api.json('GET', '/api/payments', admin)) as { id: number; status: string }[];
      paid = listed.filter((p) => ids.has(p.id) && p.status === 'completed').length;
      if (paid >= ids.size || i > 600) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    times.sort((a, b) => a - b);
    return {
      deliveries: times.length,
      p50: percentile(times, 50),
      p99: percentile(times, 99),
      duplicates,
      paid,
      invoices: ids.size,
      paidAfterSeconds: (performance.now() - deliveredAt) / 1000,
    };
  } finally {
    await server.stop();
    await stripe.close();
  }
}

export { numbersAndList as invoiceNumberAndListFigures, webhook as webhookFigures };
