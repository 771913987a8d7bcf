import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for the few Stripe API endpoints the card payments use, so the `stripe` library runs for real
 * in tests (see shared INTEGRATIONS.md): create (with Stripe's idempotency: the same `Idempotency-Key` answers the
 * same intent), retrieve and cancel a payment intent; for recurring billing, create a customer, create and
 * retrieve a SetupIntent, retrieve a payment method, and confirm an intent off-session (declined on demand). Tests move an intent on (`succeed`, `failPayment`), build
 * the webhook Stripe would send for it (`eventFor`, signed with `sign`), read every call, and can make the next
 * calls of a kind fail, time out or be done and then answer an error. Never started by `npm start`.
 */
export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  description: string | null;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
  last_payment_error: { message: string } | null;
  canceled_at: number | null;
}

export interface FakeSetupIntent {
  id: string;
  object: 'setup_intent';
  customer: string | null;
  status: string;
  payment_method: string | null;
  usage: string;
  client_secret: string;
  metadata: Record<string, string>;
  created: number;
}

/** A card as Stripe's payment method has it (the expiry is optional for the tests that need none). */
export interface FakeCard {
  brand: string;
  last4: string;
  exp_month?: number;
  exp_year?: number;
}

export interface FakeStripeCall {
  method: string;
  path: string;
  op:
    | 'create'
    | 'retrieve'
    | 'cancel'
    | 'customer.create'
    | 'setup.create'
    | 'setup.retrieve'
    | 'method.retrieve'
    | 'unknown';
  body: Record<string, unknown>;
  idempotencyKey: string | null;
}

/** `error`: answer `status` without doing it; `apply-then-error`: do it, then answer `status` (the answer is
 *  lost, so the library retries with the same key); `timeout`: do it and never answer. */
export type StripeFault = {
  op: FakeStripeCall['op'];
  mode: 'error' | 'apply-then-error' | 'timeout';
  status: number;
};

/** `a=1&metadata[invoiceId]=5` → `{a: '1', metadata: {invoiceId: '5'}}` (Stripe's form encoding, one level deep). */
function parseForm(text: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of new URLSearchParams(text)) {
    const m = /^([^[]+)\[([^\]]+)\]$/.exec(k);
    if (m) out[m[1]!] = { ...((out[m[1]!] as Record<string, string>) ?? {}), [m[2]!]: v };
    else out[k] = v;
  }
  return out;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    req.on('data', (c) => {
      text += c;
    });
    req.on('end', () => resolve(text));
  });

export async function startFakeStripe(options: { webhookSecret?: string } = {}) {
  const webhookSecret = options.webhookSecret ?? `whsec_test_${randomBytes(8).toString('hex')}`;
  const intents = new Map<string, FakeIntent>();
  // Recurring billing: customers, SetupIntents (confirmed by the test, as Stripe.js would), the cards they saved,
  // and the payment methods an off-session charge is declined on.
  const customers = new Map<string, { id: string; object: 'customer'; metadata: Record<string, string> }>();
  const setups = new Map<string, FakeSetupIntent>();
  const methods = new Map<string, { id: string; object: 'payment_method'; card: FakeCard }>();
  const declining = new Set<string>();
  const calls: FakeStripeCall[] = [];
  const faults: StripeFault[] = [];
  /** Stripe's idempotency: a key's first answer is the answer for every retry with it. */
  const byKey = new Map<string, { status: number; body: unknown }>();
  const hanging = new Set<ServerResponse>();
  let seq = 0;

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++seq}` });
    res.end(JSON.stringify(body));
  };
  const error = (status: number, message: string, code?: string) => ({
    error: { type: status >= 500 ? 'api_error' : 'invalid_request_error', message, ...(code && { code }) },
  });

  function handle(op: FakeStripeCall['op'], id: string | null, body: Record<string, unknown>) {
    if (op === 'create') {
      const amount = Number(body.amount);
      if (!Number.isInteger(amount) || amount < 1) return { status: 400, body: error(400, 'Invalid amount') };
      const intentId = `pi_fake_${randomBytes(6).toString('hex')}`;
      const intent: FakeIntent = {
        id: intentId,
        object: 'payment_intent',
        amount,
        amount_received: 0,
        currency: String(body.currency ?? 'usd'),
        status: 'requires_payment_method',
        client_secret: `${intentId}_secret_${randomBytes(6).toString('hex')}`,
        description: typeof body.description === 'string' ? body.description : null,
        metadata: (body.metadata as Record<string, string>) ?? {},
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        last_payment_error: null,
        canceled_at: null,
      };
      intents.set(intentId, intent);
      if (body.confirm === 'true' && typeof body.payment_method === 'string') {
        if (declining.has(body.payment_method)) {
          intent.last_payment_error = { message: 'Your card was declined.' };
          const declined = error(402, 'Your card was declined.', 'card_declined');
          return {
            status: 402,
            body: { error: { ...declined.error, type: 'card_error', payment_intent: intent } },
          };
        }
        intent.status = 'succeeded';
        intent.amount_received = amount;
      }
      return { status: 200, body: intent };
    }
    if (op === 'customer.create') {
      const customer = {
        id: `cus_fake_${randomBytes(6).toString('hex')}`,
        object: 'customer' as const,
        metadata: (body.metadata as Record<string, string>) ?? {},
      };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (op === 'setup.create') {
      const setupId = `seti_fake_${randomBytes(6).toString('hex')}`;
      const setup: FakeSetupIntent = {
        id: setupId,
        object: 'setup_intent',
        customer: typeof body.customer === 'string' ? body.customer : null,
        status: 'requires_payment_method',
        payment_method: null,
        usage: String(body.usage ?? 'off_session'),
        client_secret: `${setupId}_secret_${randomBytes(6).toString('hex')}`,
        metadata: (body.metadata as Record<string, string>) ?? {},
        created: Math.floor(Date.now() / 1000),
      };
      setups.set(setupId, setup);
      return { status: 200, body: setup };
    }
    if (op === 'setup.retrieve') {
      const setup = id ? setups.get(id) : undefined;
      return setup
        ? { status: 200, body: setup }
        : { status: 404, body: error(404, `No such setupintent: '${id}'`, 'resource_missing') };
    }
    if (op === 'method.retrieve') {
      const method = id ? methods.get(id) : undefined;
      return method
        ? { status: 200, body: method }
        : { status: 404, body: error(404, `No such PaymentMethod: '${id}'`, 'resource_missing') };
    }
    const intent = id ? intents.get(id) : undefined;
    if (!intent)
      return { status: 404, body: error(404, `No such payment_intent: '${id}'`, 'resource_missing') };
    if (op === 'retrieve') return { status: 200, body: intent };
    if (op === 'cancel') {
      if (intent.status === 'succeeded' || intent.status === 'canceled')
        return {
          status: 400,
          body: error(
            400,
            `This PaymentIntent's status is ${intent.status}`,
            'payment_intent_unexpected_state',
          ),
        };
      intent.status = 'canceled';
      intent.canceled_at = Math.floor(Date.now() / 1000);
      return { status: 200, body: intent };
    }
    return { status: 404, body: error(404, 'Unrecognized request URL') };
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const text = await readBody(req);
    const body = parseForm(text);
    const m = /^\/v1\/payment_intents(?:\/([^/]+))?(\/cancel)?$/.exec(url.pathname);
    const other = /^\/v1\/(customers|setup_intents|payment_methods)(?:\/([^/]+))?$/.exec(url.pathname);
    const otherOp: FakeStripeCall['op'] | null = !other
      ? null
      : other[1] === 'customers' && req.method === 'POST' && !other[2]
        ? 'customer.create'
        : other[1] === 'setup_intents' && req.method === 'POST' && !other[2]
          ? 'setup.create'
          : other[1] === 'setup_intents' && req.method === 'GET' && other[2]
            ? 'setup.retrieve'
            : other[1] === 'payment_methods' && req.method === 'GET' && other[2]
              ? 'method.retrieve'
              : 'unknown';
    const op: FakeStripeCall['op'] = otherOp
      ? otherOp
      : !m
        ? 'unknown'
        : req.method === 'POST' && !m[1]
          ? 'create'
          : req.method === 'GET' && m[1] && !m[2]
            ? 'retrieve'
            : req.method === 'POST' && m[2]
              ? 'cancel'
              : 'unknown';
    const key = (req.headers['idempotency-key'] as string | undefined) ?? null;
    calls.push({ method: req.method ?? '', path: url.pathname, op, body, idempotencyKey: key });
    const faultAt = faults.findIndex((f) => f.op === op);
    const fault = faultAt >= 0 ? faults.splice(faultAt, 1)[0] : undefined;
    if (fault?.mode === 'error')
      return send(res, fault.status, error(fault.status, 'Fake Stripe was told to fail'));
    const remembered = key && req.method === 'POST' ? byKey.get(key) : undefined;
    const answer = remembered ?? handle(op, m?.[1] ?? other?.[2] ?? null, body);
    if (key && req.method === 'POST' && !remembered) byKey.set(key, answer);
    if (fault?.mode === 'apply-then-error')
      return send(res, fault.status, error(fault.status, 'Fake Stripe did it, then failed'));
    if (fault?.mode === 'timeout') {
      hanging.add(res);
      return;
    }
    send(res, answer.status, answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  // Only for signing test webhooks; never calls out.
  const signer = new Stripe('sk_test_fake');

  return {
    port,
    url: `http://127.0.0.1:${port}`,
    webhookSecret,
    calls,
    intents,
    /** The next call of `op` fails in this way (once per fault added). */
    fault(f: StripeFault) {
      faults.push(f);
    },
    /** The card was charged: the intent succeeded with `amountReceived` (default: its amount). */
    succeed(id: string, amountReceived?: number) {
      const intent = intents.get(id)!;
      intent.status = 'succeeded';
      intent.amount_received = amountReceived ?? intent.amount;
      return intent;
    },
    failPayment(id: string, message = 'Your card was declined.') {
      const intent = intents.get(id)!;
      intent.status = 'requires_payment_method';
      intent.last_payment_error = { message };
      return intent;
    },
    customers,
    setups,
    /** The client confirmed SetupIntent `id` with a card (as Stripe.js does): it succeeded with a new payment method. */
    confirmSetup(
      id: string,
      card: FakeCard = { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 },
    ) {
      const setup = setups.get(id)!;
      const method = {
        id: `pm_fake_${randomBytes(6).toString('hex')}`,
        object: 'payment_method' as const,
        card,
      };
      methods.set(method.id, method);
      setup.status = 'succeeded';
      setup.payment_method = method.id;
      return method.id;
    },
    /** Off-session charges to this payment method are declined (card_declined). */
    decline(paymentMethodId: string) {
      declining.add(paymentMethodId);
    },
    /** The webhook body Stripe would send about an intent as it is now. */
    eventFor(id: string, type: string, overrides: Partial<FakeIntent> = {}) {
      const intent = { ...intents.get(id)!, ...overrides };
      return JSON.stringify({
        id: `evt_fake_${randomBytes(8).toString('hex')}`,
        object: 'event',
        api_version: '2025-01-01',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
        data: { object: intent },
      });
    },
    /** The webhook body Stripe would send about a SetupIntent as it is now. */
    setupEventFor(id: string, type = 'setup_intent.succeeded') {
      return JSON.stringify({
        id: `evt_fake_${randomBytes(8).toString('hex')}`,
        object: 'event',
        api_version: '2025-01-01',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
        data: { object: { ...setups.get(id)! } },
      });
    },
    /** The `Stripe-Signature` header for a body, as Stripe signs it. */
    sign(payload: string, secret = webhookSecret) {
      return signer.webhooks.generateTestHeaderString({ payload, secret });
    },
    async close() {
      for (const res of hanging) res.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
    },
  };
}
export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
