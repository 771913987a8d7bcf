import { billingDateOf } from '@app/contracts/billing/rules';
import { addDays, utcToLocal } from '@app/contracts/calendar/time-zone';
import { stripeEventStream } from '@app/contracts/events/stripe';
import { outboxMails } from '@app/workers/jobs/testing';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { portalClientWithProject } from '../../test/clients.ts';
import { eventually } from '../../test/eventually.ts';
import { type FakeStripe, startFakeStripe } from '../../test/fakes/stripe.ts';
import { holdReads } from '../../test/hold-reads.ts';
import { systemActor } from '../platform/command.ts';
import { billingRound, invoiceDuePeriods } from './issue.ts';

/**
 * Recurring billing through the HTTP API against real Postgres and Redis, with the workers running and the
 * `stripe` library talking to the local fake. Rounds are run with a `now` of the test's choosing.
 */
let t: TestApp;
let stripe: FakeStripe;
let client: Awaited<ReturnType<typeof portalClientWithProject>>;
let other: Awaited<ReturnType<typeof portalClientWithProject>>;
const log = pino({ level: 'silent' });
const today = utcToLocal(new Date()).date;
/** Noon in Alaska (21:00 UTC in winter, 20:00 in summer: either is the same Alaska day) of a day. */
const noonOf = (day: string) => new Date(`${day}T21:00:00Z`);

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

async function newPlan(owner: { clientId: number; projectId: number }, body: Record<string, unknown> = {}) {
  const res = await t.call(
    'POST',
    '/api/billing-plans',
    {
      clientId: owner.clientId,
      projectId: owner.projectId,
      service: 'starlink',
      description: 'Starlink service',
      amount: 125,
      firstBillingDay: addDays(today, 3),
      ...body,
    },
    t.adminToken,
  );
  expect(res.status).toBe(201);
  return res.body as { id: number; nextBillingDate: string };
}

/** The recurring invoices of a client, as the payments view has them once it caught up with the store. */
async function recurringOf(clientId: number) {
  const head = await t.deps.store.headPosition();
  await t.deps.watcher.waitFor(head, 10_000);
  const rows = await t.deps.rm
    .selectFrom('payments')
    .select('id')
    .where('client_id', '=', clientId)
    .where('kind', '=', 'recurring')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

const invoicePage = async (id: number) =>
  (await t.call('GET', `/api/invoices/${id}`, undefined, t.adminToken)).body;

describe('billing plans', () => {
  it('an admin starts, lists, changes and stops a plan; its project must be its client’s', async () => {
    const plan = await newPlan(client, { service: 'camera_monitoring', description: 'Camera monitoring' });
    expect(plan).toMatchObject({
      clientId: client.clientId,
      clientName: 'Kenai Lodge',
      service: 'camera_monitoring',
      amountCents: 12_500,
      interval: 'monthly',
      status: 'active',
      nextBillingDate: addDays(today, 3),
      lastPeriod: null,
    });
    const mine = await t.call(
      'GET',
      `/api/billing-plans?clientId=${client.clientId}`,
      undefined,
      t.adminToken,
    );
    expect(mine.body.map((p: { id: number }) => p.id)).toContain(plan.id);
    const theirs = await t.call(
      'GET',
      `/api/billing-plans?clientId=${other.clientId}`,
      undefined,
      t.adminToken,
    );
    expect(theirs.body.map((p: { id: number }) => p.id)).not.toContain(plan.id);

    const changed = await t.call(
      'PATCH',
      `/api/billing-plans/${plan.id}`,
      { amount: '150.50' },
      t.adminToken,
    );
    expect(changed.status).toBe(200);
    expect(changed.body.amountCents).toBe(15_050);

    const wrong = await t.call(
      'POST',
      '/api/billing-plans',
      {
        clientId: client.clientId,
        projectId: other.projectId,
        service: 'starlink',
        description: 'x',
        amount: 10,
        firstBillingDay: today,
      },
      t.adminToken,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe("The project must be one of the client's projects");
    const pastBody = {
      clientId: client.clientId,
      projectId: client.projectId,
      service: 'starlink',
      description: 'x',
      amount: 10,
      firstBillingDay: addDays(today, -1),
    };
    const past = await t.call('POST', '/api/billing-plans', pastBody, t.adminToken);
    expect(past.status).toBe(400);
    expect(past.body.message).toBe('The first billing day cannot be in the past');

    const stopped = await t.call('POST', `/api/billing-plans/${plan.id}/stop`, undefined, t.adminToken);
    expect(stopped.body).toMatchObject({ status: 'stopped', nextBillingDate: null });
    expect((await t.call('PATCH', `/api/billing-plans/${plan.id}`, { amount: 1 }, t.adminToken)).status).toBe(
      409,
    );
    expect((await t.call('POST', '/api/billing-plans/999999/stop', undefined, t.adminToken)).status).toBe(
      404,
    );
  });

  it('a client can call none of the admin routes', async () => {
    const plan = await newPlan(client);
    expect((await t.call('GET', '/api/billing-plans', undefined, client.token)).status).toBe(403);
    expect(
      (
        await t.call(
          'POST',
          '/api/billing-plans',
          {
            clientId: client.clientId,
            projectId: client.projectId,
            service: 'starlink',
            description: 'x',
            amount: 1,
            firstBillingDay: today,
          },
          client.token,
        )
      ).status,
    ).toBe(403);
    expect((await t.call('PATCH', `/api/billing-plans/${plan.id}`, { amount: 1 }, client.token)).status).toBe(
      403,
    );
    expect((await t.call('POST', `/api/billing-plans/${plan.id}/stop`, undefined, client.token)).status).toBe(
      403,
    );
    await t.call('POST', `/api/billing-plans/${plan.id}/stop`, undefined, t.adminToken);
  });
});

describe('the billing round', () => {
  it('issues a period’s invoice once, the next after the clock moves, and nothing once stopped', async () => {
    const plan = await newPlan(other, {
      amount: 80,
      description: 'Website hosting',
      service: 'website_hosting',
    });
    const day = addDays(today, 3);
    // Before the billing day: nothing.
    await billingRound(t.deps, log, noonOf(addDays(today, 2)));
    expect(await recurringOf(other.clientId)).toEqual([]);

    // Two rounds at once (one holds the lock, the other skips), then a third: still one invoice.
    const rounds = await Promise.all([
      billingRound(t.deps, log, noonOf(day)),
      billingRound(t.deps, log, noonOf(day)),
    ]);
    expect(rounds.some((r) => r.locked)).toBe(true);
    await billingRound(t.deps, log, noonOf(day));
    const [first, ...more] = await recurringOf(other.clientId);
    expect(more).toEqual([]);
    const period = day.slice(0, 7);
    const invoice = await invoicePage(first!);
    expect(invoice).toMatchObject({ amountCents: 8_000, status: 'pending' });
    expect(invoice.description).toMatch(/^Website hosting \(\w+ \d{4}\)$/);
    const issued = (await t.deps.store.readStream(`invoice-${first}`))[0]!;
    expect(issued.data).toMatchObject({
      kind: 'recurring',
      billingPlanId: plan.id,
      clientId: other.clientId,
    });
    const row = await eventually('the plan shows the period', async () => {
      const r = (
        await t.call('GET', `/api/billing-plans?clientId=${other.clientId}`, undefined, t.adminToken)
      ).body.find((p: { id: number }) => p.id === plan.id);
      return r?.lastPeriod === period ? r : null;
    });
    expect(row).toMatchObject({
      lastInvoiceId: first,
      nextBillingDate: billingDateOf({ interval: 'monthly', firstBillingDay: day }, 1),
    });

    // The invoice's own mail follows by itself.
    await eventually(
      'the invoice mail',
      async () =>
        (await outboxMails(t.outbox)).find(
          (m) => m.includes('To: other@example.com') && m.includes('Website hosting'),
        ) ?? null,
    );

    // Two deciders racing on the plan's stream itself (no lock), both holding after their read of the plan until
    // both have read it: one invoice; the loser reads the plan again and finds the period invoiced.
    const next = row.nextBillingDate as string;
    const held = holdReads(t.deps.store, `billing-plan-${plan.id}`, 2);
    let raced: { period: string; invoiceId: number }[][];
    try {
      raced = await Promise.all([
        invoiceDuePeriods(t.deps, systemActor(), plan.id, next),
        invoiceDuePeriods(t.deps, systemActor(), plan.id, next),
      ]);
    } finally {
      held.restore();
    }
    expect(raced.flat()).toHaveLength(1);
    expect(held.reads()).toBeGreaterThanOrEqual(3);
    await billingRound(t.deps, log, noonOf(next));
    expect(await recurringOf(other.clientId)).toHaveLength(2);

    // Stopped: nothing more, however late it gets.
    await t.call('POST', `/api/billing-plans/${plan.id}/stop`, undefined, t.adminToken);
    await billingRound(t.deps, log, noonOf(addDays(next, 120)));
    expect(await recurringOf(other.clientId)).toHaveLength(2);
  });
});

/** The invoice a plan issued last, once the plans view shows it. */
const lastInvoiceOf = (owner: { clientId: number }, planId: number) =>
  eventually(`plan ${planId}'s invoice`, async () => {
    const plans = (
      await t.call('GET', `/api/billing-plans?clientId=${owner.clientId}`, undefined, t.adminToken)
    ).body;
    return (plans.find((p: { id: number }) => p.id === planId)?.lastInvoiceId as number | null) ?? null;
  });

/** The client saves a card through the API, confirmed at (fake) Stripe as Stripe.js would; answers its payment method. */
async function saveCard(owner: { token: string; clientId: number }) {
  const setup = await t.call('POST', '/api/billing/setup-intent', undefined, owner.token);
  expect(setup.status).toBe(200);
  const setupId = (setup.body.clientSecret as string).split('_secret_')[0]!;
  const method = stripe.confirmSetup(setupId);
  const saved = await t.call('POST', '/api/billing/card-saved', { setupIntentId: setupId }, owner.token);
  expect(saved.status).toBe(200);
  expect(saved.body).toEqual({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 });
  return { setupId, method };
}

describe('automatic payment with a saved card', () => {
  it('only a client saves a card, and only their own', async () => {
    expect((await t.call('POST', '/api/billing/setup-intent', undefined, t.adminToken)).status).toBe(403);
    const setup = await t.call('POST', '/api/billing/setup-intent', undefined, client.token);
    const setupId = (setup.body.clientSecret as string).split('_secret_')[0]!;
    stripe.confirmSetup(setupId);
    // Another client with a customer of their own cannot take it as theirs.
    expect((await t.call('POST', '/api/billing/setup-intent', undefined, other.token)).status).toBe(200);
    const stolen = await t.call('POST', '/api/billing/card-saved', { setupIntentId: setupId }, other.token);
    expect(stolen.status).toBe(404);
    expect(await t.deps.store.readStream(`billing-client-${other.clientId}`)).toEqual([]);
    // Not confirmed at Stripe: nothing saved.
    const unconfirmed = await t.call('POST', '/api/billing/setup-intent', undefined, client.token);
    const unconfirmedId = (unconfirmed.body.clientSecret as string).split('_secret_')[0]!;
    expect(
      (await t.call('POST', '/api/billing/card-saved', { setupIntentId: unconfirmedId }, client.token))
        .status,
    ).toBe(404);
    // One Stripe customer per client, however many setups.
    expect(stripe.customers.size).toBe(2);
  });

  it('charges a recurring invoice to the saved card once: it completes and the receipt is mailed', async () => {
    await saveCard(client);
    const saved = await t.deps.store.readStream(`billing-client-${client.clientId}`);
    expect(saved.map((e) => [e.type, e.data])).toEqual([
      [
        'ClientCardSaved',
        expect.objectContaining({ clientId: client.clientId, brand: 'visa', last4: '4242' }),
      ],
    ]);
    const day = addDays(today, 5);
    const plan = await newPlan(client, {
      amount: 99,
      description: 'Camera monitoring',
      firstBillingDay: day,
    });
    await billingRound(t.deps, log, noonOf(day));
    const invoiceId = await lastInvoiceOf(client, plan.id);
    const job = await eventually('the charge job', async () => {
      const { rows } = await t.database.pool.query(
        "SELECT status, outcome, last_error FROM jobs WHERE id LIKE 'billing.charge-%' AND payload->>'invoiceId' = $1",
        [String(invoiceId)],
      );
      return rows[0]?.status === 'done' || rows[0]?.last_error ? rows[0] : null;
    });
    expect(job.outcome).toMatchObject({ recorded: true, invoiceId, amountCents: 9_900 });
    const paid = await eventually('the invoice paid', async () => {
      const page = await invoicePage(invoiceId);
      return page.status === 'paid' ? page : null;
    });
    expect(paid).toMatchObject({ amountCents: 9_900, balanceCents: 0, kind: 'recurring' });
    const charges = stripe.calls.filter((c) => c.idempotencyKey === `billing-charge-invoice-${invoiceId}`);
    expect(charges).toHaveLength(1);
    expect(charges[0]!.body).toMatchObject({ off_session: 'true', confirm: 'true', amount: '9900' });
    const payments = await t.deps.store.readStream(`invoice-${invoiceId}`);
    expect(payments.filter((e) => e.type === 'InvoicePaymentRecorded').map((e) => e.data)).toEqual([
      expect.objectContaining({ paymentId: expect.stringMatching(/^stripe-pi_fake_/), amountCents: 9_900 }),
    ]);
    await eventually(
      'the receipt',
      async () =>
        (await outboxMails(t.outbox)).find(
          (m) =>
            m.includes('To: kenai@example.com') &&
            m.includes('is paid in full') &&
            m.includes('Camera monitoring'),
        ) ?? null,
    );
  });

  it('a declined card leaves the invoice unpaid and mails the client the failure with the invoice page', async () => {
    const { method } = await saveCard(other);
    stripe.decline(method);
    const day = addDays(today, 6);
    const plan = await newPlan(other, { amount: 45, description: 'Starlink service', firstBillingDay: day });
    await billingRound(t.deps, log, noonOf(day));
    const invoiceId = await lastInvoiceOf(other, plan.id);
    const mail = await eventually(
      'the declined mail',
      async () =>
        (await outboxMails(t.outbox)).find(
          (m) => m.includes('To: other@example.com') && m.includes('Your card was declined for invoice'),
        ) ?? null,
    );
    expect(mail.replace(/=\r?\n/g, '')).toContain(`/invoice/${invoiceId}`);
    const page = await eventually('the failure shown', async () => {
      const p = await invoicePage(invoiceId);
      return p.status === 'failed' ? p : null;
    });
    expect(page).toMatchObject({ amountCents: 4_500, paidCents: 0 });
    const failures = await t.deps.store.readStream(`billing-client-${other.clientId}`);
    expect(failures.filter((e) => e.type === 'BillingChargeFailed').map((e) => e.data)).toEqual([
      expect.objectContaining({ invoiceId, message: 'Your card was declined.' }),
    ]);
  });
});

describe('the saved card: GET /api/billing/card and Stripe’s setup_intent.succeeded', () => {
  let n = 0;
  const newClient = () => portalClientWithProject(t, { name: `Card ${++n}`, email: `card-${n}@example.com` });
  const readCard = async (token: string) => {
    const res = await t.call('GET', '/api/billing/card', undefined, token);
    expect(res.status).toBe(200);
    return res.body;
  };
  const setupOf = async (token: string) => {
    const setup = await t.call('POST', '/api/billing/setup-intent', undefined, token);
    expect(setup.status).toBe(200);
    return (setup.body.clientSecret as string).split('_secret_')[0]!;
  };
  const deliver = (payload: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': stripe.sign(payload) },
      payload,
    });
  /** The outcome the `stripe.event.apply` job recorded for a Stripe event, once done. */
  const jobOutcome = async (payload: string) => {
    const [received] = await t.deps.store.readStream(stripeEventStream(JSON.parse(payload).id));
    return eventually('the Stripe event’s job', async () => {
      const { rows } = await t.database.pool.query('SELECT status, outcome FROM jobs WHERE id = $1', [
        `stripe.event.apply-${received!.id}`,
      ]);
      return rows[0]?.status === 'done' ? rows[0].outcome : null;
    });
  };
  const cardsSaved = async (clientId: number) =>
    (await t.deps.store.readStream(`billing-client-${clientId}`))
      .filter((e) => e.type === 'ClientCardSaved')
      .map((e) => e.data as { clientId: number; brand: string; last4: string });

  it('a client reads their own card only, with its expiry; staff have none to read', async () => {
    const owner = await newClient();
    const nosy = await newClient();
    expect(await readCard(owner.token)).toEqual({
      cardPayments: true,
      stripePublishableKey: 'pk_test_fake',
      card: null,
    });
    expect((await t.call('GET', '/api/billing/card', undefined, t.adminToken)).status).toBe(403);
    const setupId = await setupOf(owner.token);
    stripe.confirmSetup(setupId, { brand: 'mastercard', last4: '4444', exp_month: 3, exp_year: 2031 });
    await t.call('POST', '/api/billing/card-saved', { setupIntentId: setupId }, owner.token);
    expect((await readCard(owner.token)).card).toEqual({
      brand: 'mastercard',
      last4: '4444',
      expMonth: 3,
      expYear: 2031,
    });
    // Another client, with a Stripe customer of their own, still sees no card.
    await setupOf(nosy.token);
    expect((await readCard(nosy.token)).card).toBeNull();
  });

  it('saves the card of a confirmed SetupIntent once, however often Stripe delivers it, with the page closed', async () => {
    const closer = await newClient();
    const setupId = await setupOf(closer.token);
    stripe.confirmSetup(setupId, { brand: 'amex', last4: '0005', exp_month: 1, exp_year: 2029 });
    const payload = stripe.setupEventFor(setupId);
    expect((await deliver(payload)).json()).toEqual({ received: true, duplicate: false });
    expect((await deliver(payload)).json()).toEqual({ received: true, duplicate: true });
    expect(await jobOutcome(payload)).toMatchObject({
      applied: true,
      clientId: closer.clientId,
      last4: '0005',
    });
    expect((await readCard(closer.token)).card).toEqual({
      brand: 'amex',
      last4: '0005',
      expMonth: 1,
      expYear: 2029,
    });
    // The page's own word, late, and another delivery of the same news as a new event: still one card saved.
    const late = await t.call('POST', '/api/billing/card-saved', { setupIntentId: setupId }, closer.token);
    expect(late.status).toBe(200);
    const again = stripe.setupEventFor(setupId);
    await deliver(again);
    expect(await jobOutcome(again)).toMatchObject({ applied: true });
    expect(await cardsSaved(closer.clientId)).toEqual([
      expect.objectContaining({ clientId: closer.clientId, brand: 'amex', last4: '0005' }),
    ]);
  });

  it('leaves a SetupIntent of a customer not ours alone, without an error', async () => {
    const before = await t.database.pool.query('SELECT * FROM billing_cards ORDER BY client_id');
    stripe.setups.set('seti_fake_stranger', {
      id: 'seti_fake_stranger',
      object: 'setup_intent',
      customer: 'cus_fake_stranger',
      status: 'succeeded',
      payment_method: null,
      usage: 'off_session',
      client_secret: 'seti_fake_stranger_secret_x',
      metadata: {},
      created: Math.floor(Date.now() / 1000),
    });
    const payload = stripe.setupEventFor('seti_fake_stranger');
    expect((await deliver(payload)).statusCode).toBe(200);
    expect(await jobOutcome(payload)).toEqual({
      applied: false,
      reason: 'the customer is not one of our clients',
    });
    expect((await t.database.pool.query('SELECT * FROM billing_cards ORDER BY client_id')).rows).toEqual(
      before.rows,
    );
  });

  it('a late webhook of an older SetupIntent does not replace the card saved since', async () => {
    const owner = await newClient();
    const older = await setupOf(owner.token);
    stripe.confirmSetup(older, { brand: 'visa', last4: '1111', exp_month: 5, exp_year: 2028 });
    stripe.setups.get(older)!.created -= 60;
    const newer = await setupOf(owner.token);
    stripe.confirmSetup(newer, { brand: 'discover', last4: '1117', exp_month: 6, exp_year: 2032 });
    await t.call('POST', '/api/billing/card-saved', { setupIntentId: newer }, owner.token);
    const payload = stripe.setupEventFor(older);
    await deliver(payload);
    expect(await jobOutcome(payload)).toMatchObject({ applied: false });
    expect((await readCard(owner.token)).card).toMatchObject({ brand: 'discover', last4: '1117' });
    expect((await cardsSaved(owner.clientId)).map((c) => c.last4)).toEqual(['1117']);
  });
});
