import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AMOUNT_CENTS, AMOUNT_MIN } from '@app/contracts/api/primitives';
import { stripeEventStream } from '@app/contracts/events/stripe';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { portalClientWithProject } from '../../test/clients.ts';
import { eventually } from '../../test/eventually.ts';
import { type FakeStripe, startFakeStripe } from '../../test/fakes/stripe.ts';
import { CARD_PAYMENTS_UNAVAILABLE } from './client.ts';
import { NOT_OURS } from './decide.ts';
import { voidCardPayment } from './intents.ts';
import { invoicePaymentsOf } from './invoice-payments.ts';
import { reconcileRound } from './reconcile.ts';

/**
 * Card payments through the HTTP API against real Postgres and Redis, with the workers running and the `stripe`
 * library talking to a local fake of Stripe (backend/test/fakes/stripe.ts).
 */
let t: TestApp;
let stripe: FakeStripe;
let client: Awaited<ReturnType<typeof portalClientWithProject>>;
let other: Awaited<ReturnType<typeof portalClientWithProject>>;

beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await startTestApp({
    workers: true,
    env: {
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_BASE: stripe.url,
    },
  });
  client = await portalClientWithProject(t, { name: 'Kenai Lodge', email: 'kenai@example.com' });
  other = await portalClientWithProject(t, { name: 'Other Co', email: 'other@example.com' });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

/** An invoice of `dollars` for the client's project, issued through the API by an admin. */
async function invoiceFor(owner: { projectId: number }, dollars: number) {
  const res = await t.call(
    'POST',
    '/api/invoices',
    { projectId: owner.projectId, amount: dollars, description: 'Camera install' },
    t.adminToken,
  );
  expect(res.status).toBe(201);
  return res.body.id as number;
}

const invoicePage = async (id: number) =>
  (await t.call('GET', `/api/invoices/${id}`, undefined, t.adminToken)).body;

async function payIntent(
  invoiceId: number,
  dollars: number,
  token: string | null = client.token,
  projectId = client.projectId,
) {
  return t.call('POST', '/api/create-payment-intent', { invoiceId, projectId, amount: dollars }, token);
}
const intentIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0]!;

async function deliver(payload: string, signature = stripe.sign(payload)) {
  return t.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}

/** The stored events of the invoice's stream of one type. */
const invoiceEvents = async (invoiceId: number, type: string) =>
  (await t.deps.store.readStream(`invoice-${invoiceId}`)).filter((e) => e.type === type);

/** The outcome the job recorded for a Stripe event. */
async function jobOutcome(eventId: string) {
  const [received] = await t.deps.store.readStream(stripeEventStream(eventId));
  return eventually(`the job of ${eventId}`, async () => {
    const { rows } = await t.database.pool.query<{ status: string; outcome: Record<string, unknown> | null }>(
      'SELECT status, outcome FROM jobs WHERE id = $1',
      [`stripe.event.apply-${received!.id}`],
    );
    return rows[0]?.status === 'done' ? rows[0].outcome : null;
  });
}

/** The job of a Stripe event once it stopped (done, or waiting for a person in review). */
async function jobOf(eventId: string) {
  const [received] = await t.deps.store.readStream(stripeEventStream(eventId));
  return eventually(`the job of ${eventId}`, async () => {
    const { rows } = await t.database.pool.query<{
      status: string;
      outcome: Record<string, unknown> | null;
      last_error: string | null;
    }>('SELECT status, outcome, last_error FROM jobs WHERE id = $1', [`stripe.event.apply-${received!.id}`]);
    return rows[0] && ['done', 'review', 'parked'].includes(rows[0].status) ? rows[0] : null;
  });
}

/** A payment intent made at Stripe by someone else than this app (its dashboard, another integration). */
async function foreignIntent(amountCents: number, metadata: Record<string, string>) {
  const form = new URLSearchParams({ amount: String(amountCents), currency: 'usd' });
  for (const [k, v] of Object.entries(metadata)) form.set(`metadata[${k}]`, v);
  const res = await fetch(`${stripe.url}/v1/payment_intents`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
  });
  return ((await res.json()) as { id: string }).id;
}

describe('POST /api/create-payment-intent', () => {
  it('refuses an amount below a cent or past two decimals (400) without asking Stripe', async () => {
    const invoiceId = await invoiceFor(client, 100);
    const calls = stripe.calls.length;
    for (const [amount, message] of [
      [1e-9, AMOUNT_MIN],
      ['0.001', AMOUNT_MIN],
      [10.001, AMOUNT_CENTS],
    ] as const) {
      const res = await payIntent(invoiceId, amount as number);
      expect({ status: res.status, message: res.body.message }).toEqual({
        status: 400,
        message: `amount: ${message}`,
      });
    }
    expect(stripe.calls.length).toBe(calls);
    expect(await invoiceEvents(invoiceId, 'InvoicePaymentIntentCreated')).toHaveLength(0);
  });

  it('makes an intent for the invoice, records it, and a retry makes no second one', async () => {
    const invoiceId = await invoiceFor(client, 500);
    const first = await payIntent(invoiceId, 200);
    expect(first.status).toBe(200);
    const intentId = intentIdOf(first.body.clientSecret);
    const made = stripe.intents.get(intentId)!;
    expect(made).toMatchObject({
      amount: 20_000,
      currency: 'usd',
      metadata: { invoiceId: String(invoiceId) },
    });
    const creates = stripe.calls.filter((c) => c.op === 'create' && c.body.metadata);
    expect(creates.at(-1)!.idempotencyKey).toBeTruthy();
    const recorded = await invoiceEvents(invoiceId, 'InvoicePaymentIntentCreated');
    expect(recorded.map((e) => e.data)).toMatchObject([{ invoiceId, intentId, amountCents: 20_000 }]);

    const before = stripe.intents.size;
    const again = await payIntent(invoiceId, 200);
    expect(again.body.clientSecret).toBe(first.body.clientSecret);
    expect(stripe.intents.size).toBe(before);
    expect(await invoiceEvents(invoiceId, 'InvoicePaymentIntentCreated')).toHaveLength(1);
  });

  it('makes one intent when Stripe did it but its answer was lost (the library retries with the same key)', async () => {
    const invoiceId = await invoiceFor(client, 300);
    const before = stripe.intents.size;
    stripe.fault({ op: 'create', mode: 'apply-then-error', status: 500 });
    const res = await payIntent(invoiceId, 300);
    expect(res.status).toBe(200);
    expect(stripe.intents.size).toBe(before + 1);
    expect(await invoiceEvents(invoiceId, 'InvoicePaymentIntentCreated')).toHaveLength(1);
  });

  it("pays the project's oldest invoice owing the amount when the body names only the project (the spec's body)", async () => {
    const owner = await portalClientWithProject(t, { name: 'Homer Spit Inn', email: 'homer@example.com' });
    const small = await invoiceFor(owner, 20);
    const large = await invoiceFor(owner, 700);
    const pay = (dollars: number) =>
      t.call(
        'POST',
        '/api/create-payment-intent',
        { projectId: owner.projectId, amount: dollars },
        owner.token,
      );
    const forLarge = await pay(600);
    expect(forLarge.status).toBe(200);
    expect(stripe.intents.get(intentIdOf(forLarge.body.clientSecret))!.metadata.invoiceId).toBe(
      String(large),
    );
    const forSmall = await pay(20);
    expect(stripe.intents.get(intentIdOf(forSmall.body.clientSecret))!.metadata.invoiceId).toBe(
      String(small),
    );
    expect((await pay(701)).status).toBe(404);
  });

  it("refuses more than the balance, another client's invoice (404) and nobody signed in", async () => {
    const invoiceId = await invoiceFor(client, 100);
    const before = stripe.intents.size;
    expect((await payIntent(invoiceId, 100.01)).status).toBe(400);
    const stranger = await payIntent(invoiceId, 50, other.token, client.projectId);
    expect(stranger.status).toBe(404);
    expect((await payIntent(invoiceId, 50, other.token, other.projectId)).status).toBe(404);
    expect((await payIntent(invoiceId, 50, null)).status).toBe(401);
    expect(stripe.intents.size).toBe(before);
    expect((await payIntent(invoiceId, 50, t.adminToken)).status).toBe(200);
  });
});

describe('POST /api/stripe/webhook', () => {
  it('records a succeeded payment once, however often Stripe delivers its event', async () => {
    const invoiceId = await invoiceFor(client, 400);
    const intentId = intentIdOf((await payIntent(invoiceId, 400)).body.clientSecret);
    stripe.succeed(intentId);
    const payload = stripe.eventFor(intentId, 'payment_intent.succeeded');
    const eventId = JSON.parse(payload).id as string;

    const started = Date.now();
    const first = await deliver(payload);
    const took = Date.now() - started;
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    expect(took).toBeLessThan(1000);
    const second = await deliver(payload);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ received: true, duplicate: true });

    expect(await jobOutcome(eventId)).toMatchObject({ recorded: true, intentId, amountCents: 40_000 });
    const payments = await invoiceEvents(invoiceId, 'InvoicePaymentRecorded');
    expect(payments.map((e) => e.data)).toMatchObject([
      {
        paymentId: `stripe-${intentId}`,
        amountCents: 40_000,
        method: 'card',
        source: 'stripe',
        recordedBy: null,
      },
    ]);
    expect(await t.deps.store.readStream(stripeEventStream(eventId))).toHaveLength(1);
    const page = await eventually('the invoice shows paid', async () => {
      const p = await invoicePage(invoiceId);
      return p.status === 'paid' ? p : null;
    });
    expect(page).toMatchObject({ paidCents: 40_000, balanceCents: 0 });
  });

  it('acknowledges fast (target under 100 ms): one verification and one append', async () => {
    const invoiceId = await invoiceFor(client, 10);
    const intentId = intentIdOf((await payIntent(invoiceId, 10)).body.clientSecret);
    const signed = Array.from({ length: 20 }, () => {
      const payload = stripe.eventFor(intentId, 'payment_intent.processing');
      return { payload, signature: stripe.sign(payload) };
    });
    const took: number[] = [];
    for (const { payload, signature } of signed) {
      const started = performance.now();
      expect((await deliver(payload, signature)).statusCode).toBe(200);
      took.push(performance.now() - started);
    }
    took.sort((a, b) => a - b);
    expect(took[Math.floor(took.length / 2)]).toBeLessThan(100);
  });

  it('answers 400 to a bad or missing signature and stores nothing', async () => {
    const invoiceId = await invoiceFor(client, 50);
    const intentId = intentIdOf((await payIntent(invoiceId, 50)).body.clientSecret);
    stripe.succeed(intentId);
    const payload = stripe.eventFor(intentId, 'payment_intent.succeeded');
    const eventId = JSON.parse(payload).id as string;
    expect((await deliver(payload, stripe.sign(payload, 'whsec_not_ours'))).statusCode).toBe(400);
    expect((await deliver(payload, '')).statusCode).toBe(400);
    const tampered = payload.replace('"amount_received":5000', '"amount_received":1');
    expect(tampered).not.toBe(payload);
    expect((await deliver(tampered, stripe.sign(payload))).statusCode).toBe(400);
    const unsigned = await t.app.inject({ method: 'POST', url: '/api/stripe/webhook', payload });
    expect(unsigned.statusCode).toBe(400);
    expect(await t.deps.store.readStream(stripeEventStream(eventId))).toHaveLength(0);
    expect(await invoiceEvents(invoiceId, 'InvoicePaymentRecorded')).toHaveLength(0);
  });

  it('records nothing when the amount or currency does not match, and says why', async () => {
    const invoiceId = await invoiceFor(client, 80);
    const intentId = intentIdOf((await payIntent(invoiceId, 80)).body.clientSecret);
    stripe.succeed(intentId, 7_000);
    const payload = stripe.eventFor(intentId, 'payment_intent.succeeded');
    expect((await deliver(payload)).statusCode).toBe(200);
    expect(await jobOutcome(JSON.parse(payload).id)).toMatchObject({
      recorded: false,
      reason: 'amount mismatch: 7000 cents received, the intent was for 8000',
    });
    const euros = stripe.eventFor(intentId, 'payment_intent.succeeded', {
      currency: 'eur',
      amount_received: 8_000,
    });
    expect((await deliver(euros)).statusCode).toBe(200);
    expect(await jobOutcome(JSON.parse(euros).id)).toMatchObject({
      recorded: false,
      reason: /^currency mismatch/,
    });
    expect(await invoiceEvents(invoiceId, 'InvoicePaymentRecorded')).toHaveLength(0);
  });

  it('acknowledges a signed event of a negative, zero, fractional or absurd amount, and records nothing', async () => {
    const invoiceId = await invoiceFor(client, 45);
    const intentId = intentIdOf((await payIntent(invoiceId, 45)).body.clientSecret);
    stripe.succeed(intentId);
    for (const amount of [-4_500, 0, 45.5, 1e18]) {
      const payload = stripe.eventFor(intentId, 'payment_intent.succeeded', {
        amount,
        amount_received: amount,
      });
      const res = await deliver(payload);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ received: true, duplicate: false, refused: /amount/ });
      expect(await t.deps.store.readStream(stripeEventStream(JSON.parse(payload).id))).toHaveLength(0);
    }
    expect(await invoiceEvents(invoiceId, 'InvoicePaymentRecorded')).toHaveLength(0);
    // The intent is still ours to settle: Stripe itself says it succeeded, and that is recorded, once.
    const payload = stripe.eventFor(intentId, 'payment_intent.succeeded');
    expect((await deliver(payload)).json()).toEqual({ received: true, duplicate: false });
    expect(await jobOutcome(JSON.parse(payload).id)).toMatchObject({ recorded: true, amountCents: 4_500 });
  });

  it('credits no invoice for an intent this app never made, whatever its metadata names (kept for review)', async () => {
    const invoiceId = await invoiceFor(client, 450);
    const forged = await foreignIntent(45_000, { invoiceId: String(invoiceId) });
    stripe.succeed(forged);
    const payload = stripe.eventFor(forged, 'payment_intent.succeeded');
    expect((await deliver(payload)).statusCode).toBe(200);
    const job = await jobOf(JSON.parse(payload).id);
    expect(job.status).toBe('review');
    expect(job.last_error).toContain(NOT_OURS);
    expect(job.last_error).toContain(forged);
    expect(job.last_error).toContain(`"invoiceNamedInMetadata":${invoiceId}`);
    // Nor does the sweep ever take it: it asks only about intents this app made.
    await eventually('a reconciliation round', async () => {
      const round = await reconcileRound(t.deps, invoicePaymentsOf(t.deps), pino({ level: 'silent' }));
      return round.locked ? round : null;
    });
    expect(await invoiceEvents(invoiceId, 'InvoicePaymentRecorded')).toHaveLength(0);
    expect(stripe.calls.filter((c) => c.op === 'retrieve' && c.path.endsWith(forged))).toHaveLength(0);

    // Our own intent on the same invoice still credits it, once, however often it is delivered.
    const ours = intentIdOf((await payIntent(invoiceId, 450)).body.clientSecret);
    stripe.succeed(ours);
    const paid = stripe.eventFor(ours, 'payment_intent.succeeded');
    await deliver(paid);
    await deliver(paid);
    expect(await jobOutcome(JSON.parse(paid).id)).toMatchObject({ recorded: true, invoiceId });
    expect((await invoiceEvents(invoiceId, 'InvoicePaymentRecorded')).map((e) => e.data)).toMatchObject([
      { paymentId: `stripe-${ours}`, amountCents: 45_000 },
    ]);
  });

  it('credits our intent to the invoice it was made for, not one its metadata was changed to name', async () => {
    const mineInvoice = await invoiceFor(client, 120);
    const otherInvoice = await invoiceFor(client, 120);
    const intentId = intentIdOf((await payIntent(mineInvoice, 120)).body.clientSecret);
    stripe.succeed(intentId);
    const payload = stripe.eventFor(intentId, 'payment_intent.succeeded', {
      metadata: { invoiceId: String(otherInvoice) },
    });
    await deliver(payload);
    expect(await jobOutcome(JSON.parse(payload).id)).toMatchObject({
      recorded: true,
      invoiceId: mineInvoice,
    });
    expect(await invoiceEvents(otherInvoice, 'InvoicePaymentRecorded')).toHaveLength(0);
    expect(await invoiceEvents(mineInvoice, 'InvoicePaymentRecorded')).toHaveLength(1);
  });

  it('a failed payment of an intent this app never made changes nothing', async () => {
    const invoiceId = await invoiceFor(client, 70);
    const forged = await foreignIntent(7_000, { invoiceId: String(invoiceId) });
    stripe.failPayment(forged, 'Your card was declined.');
    const payload = stripe.eventFor(forged, 'payment_intent.payment_failed');
    expect((await deliver(payload)).statusCode).toBe(200);
    expect(await jobOutcome(JSON.parse(payload).id)).toEqual({
      applied: false,
      intentId: forged,
      reason: NOT_OURS,
    });
    expect(await invoiceEvents(invoiceId, 'InvoicePaymentFailed')).toHaveLength(0);
    expect((await invoicePage(invoiceId)).status).toBe('pending');
  });

  it('records a refused card as InvoicePaymentFailed', async () => {
    const invoiceId = await invoiceFor(client, 60);
    const intentId = intentIdOf((await payIntent(invoiceId, 60)).body.clientSecret);
    stripe.failPayment(intentId, 'Your card has insufficient funds.');
    const payload = stripe.eventFor(intentId, 'payment_intent.payment_failed');
    expect((await deliver(payload)).statusCode).toBe(200);
    expect(await jobOutcome(JSON.parse(payload).id)).toMatchObject({ applied: true, failed: true });
    const failed = await invoiceEvents(invoiceId, 'InvoicePaymentFailed');
    expect(failed.map((e) => e.data)).toMatchObject([
      { intentId, message: 'Your card has insufficient funds.' },
    ]);
  });
});

describe('reconciliation', () => {
  const log = pino({ level: 'silent' });
  /** A round of the sweep, taken as soon as the workers' own round (if one is running) lets go of the lock. */
  const sweep = () =>
    eventually('a reconciliation round', async () => {
      const round = await reconcileRound(t.deps, invoicePaymentsOf(t.deps), log);
      return round.locked ? round : null;
    });

  it('records a payment whose webhook never came, once; the late webhook then changes nothing', async () => {
    const invoiceId = await invoiceFor(client, 250);
    const intentId = intentIdOf((await payIntent(invoiceId, 250)).body.clientSecret);
    await sweep(); // not paid yet: nothing to record for it
    expect(await invoiceEvents(invoiceId, 'InvoicePaymentRecorded')).toHaveLength(0);
    stripe.succeed(intentId);
    await sweep();
    await sweep();
    const payments = await invoiceEvents(invoiceId, 'InvoicePaymentRecorded');
    expect(payments.map((e) => e.data)).toMatchObject([
      { paymentId: `stripe-${intentId}`, amountCents: 25_000, method: 'card', source: 'stripe' },
    ]);

    const late = stripe.eventFor(intentId, 'payment_intent.succeeded');
    expect((await deliver(late)).statusCode).toBe(200);
    expect(await jobOutcome(JSON.parse(late).id)).toMatchObject({
      recorded: false,
      reason: 'already recorded',
    });
    expect(await invoiceEvents(invoiceId, 'InvoicePaymentRecorded')).toHaveLength(1);
    const retrieves = stripe.calls.filter((c) => c.op === 'retrieve' && c.path.endsWith(intentId)).length;
    await sweep();
    expect(stripe.calls.filter((c) => c.op === 'retrieve' && c.path.endsWith(intentId)).length).toBe(
      retrieves,
    );
  });
});

describe('voidCardPayment', () => {
  it("cancels an open intent at Stripe (a deleted invoice's card form cannot be paid) and leaves a paid one", async () => {
    const invoiceId = await invoiceFor(client, 90);
    const open = intentIdOf((await payIntent(invoiceId, 40)).body.clientSecret);
    const paid = intentIdOf((await payIntent(invoiceId, 50)).body.clientSecret);
    stripe.succeed(paid);
    expect(await voidCardPayment(t.deps, open)).toBe('canceled');
    expect(stripe.intents.get(open)!.status).toBe('canceled');
    expect(await voidCardPayment(t.deps, open)).toBe('left');
    expect(await voidCardPayment(t.deps, paid)).toBe('left');
    expect(stripe.intents.get(paid)!.status).toBe('succeeded');
    expect(stripe.calls.filter((c) => c.op === 'cancel' && c.path.includes(open))).toHaveLength(1);
  });
});

describe('DELETE /api/payments/{id}', () => {
  it("voids the invoice's card payment at Stripe, by a job, so the deleted invoice's card form cannot be paid", async () => {
    const invoiceId = await invoiceFor(client, 75);
    const open = intentIdOf((await payIntent(invoiceId, 75)).body.clientSecret);
    expect(stripe.intents.get(open)!.status).not.toBe('canceled');
    const res = await t.call('DELETE', `/api/payments/${invoiceId}`, undefined, t.adminToken);
    expect(res.status).toBe(200);
    await eventually(
      'the intent canceled at Stripe',
      async () => stripe.intents.get(open)!.status === 'canceled',
    );
    expect(stripe.calls.filter((c) => c.op === 'cancel' && c.path.includes(open))).toHaveLength(1);
  });
});

describe('without Stripe keys', () => {
  it('says card payment is being set up', async () => {
    const off = await startTestApp();
    try {
      const res = await off.call(
        'POST',
        '/api/create-payment-intent',
        { invoiceId: 1, projectId: 1, amount: 10 },
        off.adminToken,
      );
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('Payment processing is being set up...');
      // Nor does the page policy let Stripe's script in.
      const page = await off.app.inject({ method: 'GET', url: '/about' });
      expect(page.headers['content-security-policy']).not.toContain('stripe.com');
    } finally {
      await off.close();
    }
  }, 60_000);
});

describe('Stripe out of reach', () => {
  it('answers 503 with what to do on the card form and on saving a card, never 500, and keeps nothing', async () => {
    const closed = await new Promise<number>((resolve) => {
      const server = createServer();
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const down = await startTestApp({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_fake',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
        STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
        STRIPE_API_BASE: `http://127.0.0.1:${closed}`,
      },
    });
    try {
      const owner = await portalClientWithProject(down, { name: 'Cut Off', email: 'cutoff@example.com' });
      const invoice = await down.call(
        'POST',
        '/api/invoices',
        { projectId: owner.projectId, amount: 30, description: 'Cameras' },
        down.adminToken,
      );
      const intent = await down.call(
        'POST',
        '/api/create-payment-intent',
        { invoiceId: invoice.body.id, projectId: owner.projectId, amount: 30 },
        owner.token,
      );
      expect({ status: intent.status, body: intent.body }).toEqual({
        status: 503,
        body: { error: 'card_payments_unavailable', message: CARD_PAYMENTS_UNAVAILABLE },
      });
      const setup = await down.call('POST', '/api/billing/setup-intent', undefined, owner.token);
      expect({ status: setup.status, body: setup.body }).toEqual({
        status: 503,
        body: { error: 'card_payments_unavailable', message: CARD_PAYMENTS_UNAVAILABLE },
      });
      const saved = await down.call(
        'POST',
        '/api/billing/card-saved',
        { setupIntentId: 'seti_1' },
        owner.token,
      );
      expect([saved.status, saved.body.message]).toEqual([404, 'Card setup not found']);
      const kept = await down.database.pool.query('SELECT count(*)::int AS n FROM stripe_payment_intents');
      expect(kept.rows[0].n).toBe(0);
    } finally {
      await down.close();
    }
  }, 60_000);
});

describe('the page policy with Stripe keys', () => {
  it('lets Stripe.js, its card frames and its API in, and nothing else new', async () => {
    const policy = String(
      (await t.app.inject({ method: 'GET', url: '/about' })).headers['content-security-policy'],
    );
    expect(policy).toContain("script-src 'self' https://js.stripe.com;");
    expect(policy).toContain("frame-src 'self' blob: https://js.stripe.com https://hooks.stripe.com;");
    expect(policy).toMatch(/connect-src 'self' ws:\/\/\S+ wss:\/\/\S+ https:\/\/api\.stripe\.com;/);
    expect(policy).toContain("frame-ancestors 'none'");
  });
});
