import { type FakeStripe, startFakeStripe } from '../test/fakes/stripe.ts';
import type { Figure } from './figures.ts';
import { invoiceMailsOf, invoiceRows, issueInvoice } from './invoice-mails.ts';
import { countKeys, exactlyOnce } from './job-checks.ts';
import { sleep } from './shell.ts';
import { onceFigure, type Slice, type SliceContext } from './slice.ts';
import { ask, bodyOf } from './steady.ts';

/** How Stripe's webhook reaches the app for an intent: once, twice (a redelivery), or never (the sweep's). */
type Delivery = 'once' | 'twice' | 'never';
const DELIVERIES: Delivery[] = ['once', 'twice', 'never'];

/**
 * Card payments under the faults, against the local Stripe fake: intents made through the API, paid in the
 * fake, their webhooks delivered once, twice, or never (those are paid before the faults, so the workers'
 * reconciliation sweep, which runs when they start again, finds them). Afterwards each payment is on its
 * invoice's ledger exactly once, and each invoice's receipt was mailed once.
 */
export async function stripePayments(count = 9): Promise<Slice> {
  const fake: FakeStripe = await startFakeStripe();
  const intents: { invoiceId: number; intentId: string; delivery: Delivery; at: number }[] = [];
  const webhookAnswers = new Map<string, number>();
  const undelivered: string[] = [];

  async function deliver(ctx: SliceContext, intentId: string) {
    const payload = fake.eventFor(intentId, 'payment_intent.succeeded');
    // Stripe retries a webhook it got no 2xx for; so does this, with a fresh signature each time.
    for (const until = Date.now() + 60_000; Date.now() < until; await sleep(1_000)) {
      const r = await ask(
        ctx.http,
        'POST',
        '/api/stripe/webhook',
        payload,
        {
          'stripe-signature': fake.sign(payload),
        },
        { once: true },
      );
      webhookAnswers.set(r.name, (webhookAnswers.get(r.name) ?? 0) + 1);
      if (r.ok) return;
      if (/^4/.test(r.name)) break;
    }
    undelivered.push(intentId);
  }

  return {
    name: 'stripe payments',
    env: {
      STRIPE_SECRET_KEY: 'sk_test_faults',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_faults',
      STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
      STRIPE_API_BASE: fake.url,
    },
    async prepare(ctx) {
      for (let i = 0; i < count; i++) {
        const person = ctx.people[i % ctx.people.length]!;
        const invoiceId = await issueInvoice(ctx, person.projectId, 120, `card ${ctx.runId} ${i}`);
        const made = bodyOf<{ clientSecret: string }>(
          await ask(ctx.http, 'POST', '/api/create-payment-intent', {
            invoiceId,
            projectId: person.projectId,
            amount: 120,
          }),
          `payment intent for invoice ${invoiceId}`,
        );
        const intentId = made.clientSecret.split('_secret_')[0]!;
        const delivery = DELIVERIES[i % DELIVERIES.length]!;
        if (delivery === 'never') fake.succeed(intentId);
        intents.push({ invoiceId, intentId, delivery, at: 0 });
      }
      ctx.log(
        `  stripe: ${intents.length} intents (${intents.filter((x) => x.delivery === 'never').length} paid, webhook never sent)`,
      );
    },
    async during(ctx, loadEnd) {
      // The others paid one by one over the run, each webhook sent as it is paid (and again later for `twice`).
      const sent = intents.filter((x) => x.delivery !== 'never');
      const step = Math.max(2_000, (loadEnd - Date.now() - 30_000) / Math.max(1, sent.length));
      const again: Promise<void>[] = [];
      for (const x of sent) {
        await sleep(step * (0.5 + Math.random()));
        fake.succeed(x.intentId);
        x.at = Date.now();
        await deliver(ctx, x.intentId);
        if (x.delivery === 'twice') again.push(sleep(step * 1.5).then(() => deliver(ctx, x.intentId)));
      }
      await Promise.all(again);
    },
    async check(ctx, found) {
      const recorded = await ctx.db.rows<{ payment: string; n: string }>(
        `SELECT data->>'paymentId' AS payment, count(*) AS n FROM es_events
         WHERE type = 'InvoicePaymentRecorded' AND data->>'paymentId' LIKE 'stripe-%' GROUP BY 1`,
      );
      const payments = exactlyOnce(
        new Map(intents.map((x) => [`stripe-${x.intentId}`, 1])),
        new Map(recorded.map((r) => [r.payment, Number(r.n)])),
      );
      const rows = await invoiceRows(
        ctx.db,
        intents.map((x) => x.invoiceId),
      );
      const mails = invoiceMailsOf(
        found.outbox.mails,
        [...rows.values()].map((r) => r.invoice_number),
      );
      const receipts = exactlyOnce(
        new Map([...rows.values()].map((r) => [r.invoice_number, 1])),
        countKeys(mails.receipts),
      );
      const parts = [
        onceFigure('card payment recorded per intent', payments),
        onceFigure('receipt per card-paid invoice', receipts),
      ];
      const figures: Figure[] = [
        ...parts.map((p) => p.figure),
        {
          label: 'webhooks',
          value: `${DELIVERIES.map((d) => `${d} ${intents.filter((x) => x.delivery === d).length}`).join(', ')}; answers ${[...webhookAnswers].map(([k, n]) => `${k}×${n}`).join(' ')}; ${undelivered.length} never answered 2xx`,
        },
      ];
      return {
        figures,
        details: [
          ...parts.flatMap((p) => p.details),
          ...undelivered.map((u) => `webhook never accepted: ${u}`),
        ],
      };
    },
    close: () => fake.close(),
  };
}
