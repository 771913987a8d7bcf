import type { Figure } from './figures.ts';
import type { Answer } from './http-client.ts';
import { invoiceMailsOf, invoiceRows, issueInvoice } from './invoice-mails.ts';
import { countKeys, exactlyOnce, type PaymentPart, paymentParts } from './job-checks.ts';
import { sleep } from './shell.ts';
import { onceFigure, type Slice, type SliceContext } from './slice.ts';
import { statusOf } from './steady.ts';

/** How an invoice of $90 is paid: in three parts that make it up, two halves, or three parts one too many. */
const PLANS = [
  { name: 'three thirds', parts: [30, 30, 30] },
  { name: 'two halves', parts: [45, 45] },
  { name: 'three of 40', parts: [40, 40, 40] },
] as const;
const TOTAL = 90;
const codeOf = (a: Answer) => (a.body as { error?: string } | null)?.error ?? null;

interface Invoice {
  id: number;
  plan: (typeof PLANS)[number];
  parts: Omit<PaymentPart, 'recorded'>[];
}

/**
 * Part payments confirmed at once: invoices of $90, each paid in two or three parts sent at the same moment
 * through both API processes (`PATCH /api/payments/:id/confirm`, cash, with the part's tag as its transaction
 * id), spread over the faults. Each part is sent until it is answered (a 503 says nothing was stored; a
 * connection a fault cut is not sent again: the confirm carries no Idempotency-Key). Afterwards every part
 * acknowledged is recorded once; of three parts of $40 two fit and the third is a 400 `overpayment` (never a
 * 409); each invoice paid in full mailed its receipt once.
 */
export function partPayments(count = 6): Slice {
  const invoices: Invoice[] = [];

  async function confirm(ctx: SliceContext, invoiceId: number, i: number, dollars: number, tag: string) {
    const until = Date.now() + 45_000;
    for (;;) {
      const answer = await ctx.http
        .via(i % 2)
        .call(
          'PATCH',
          `/api/payments/${invoiceId}/confirm`,
          { paymentMethod: 'cash', amount: dollars, transactionId: tag },
          10_000,
        )
        .catch((e: Error) => e);
      const name = statusOf(answer);
      if (!/^503/.test(name) || Date.now() > until)
        return { answer: name, code: answer instanceof Error ? null : codeOf(answer) };
      await sleep(Math.max(500, ((answer as Answer).retryAfter ?? 1) * 1000) * (0.75 + Math.random() * 0.5));
    }
  }

  return {
    name: 'part payments',
    async prepare(ctx) {
      for (let i = 0; i < count; i++) {
        const person = ctx.people[i % ctx.people.length]!;
        const id = await issueInvoice(ctx, person.projectId, TOTAL, `parts ${ctx.runId} ${i}`);
        invoices.push({ id, plan: PLANS[i % PLANS.length]!, parts: [] });
      }
    },
    async during(ctx, loadEnd) {
      const step = Math.max(2_000, (loadEnd - Date.now() - 20_000) / invoices.length);
      for (const [n, invoice] of invoices.entries()) {
        await sleep(step * (0.5 + Math.random()));
        const sent = invoice.plan.parts.map((dollars, k) => {
          const tag = `part ${ctx.runId} ${n}-${k}`;
          return confirm(ctx, invoice.id, k, dollars, tag).then((r) => ({ tag, cents: dollars * 100, ...r }));
        });
        invoice.parts = await Promise.all(sent);
      }
    },
    async check(ctx, found) {
      const recorded = await ctx.db.rows<{ tag: string; n: string }>(
        `SELECT data->>'transactionId' AS tag, count(*) AS n FROM es_events
         WHERE type = 'InvoicePaymentRecorded' AND data->>'transactionId' LIKE $1 GROUP BY 1`,
        [`part ${ctx.runId} %`],
      );
      const times = new Map(recorded.map((r) => [r.tag, Number(r.n)]));
      const p = paymentParts(
        invoices.map((inv) => ({
          invoice: `invoice ${inv.id} (${inv.plan.name})`,
          totalCents: TOTAL * 100,
          parts: inv.parts.map((part) => ({ ...part, recorded: times.get(part.tag) ?? 0 })),
        })),
      );
      const rows = await invoiceRows(
        ctx.db,
        invoices.map((x) => x.id),
      );
      const mails = invoiceMailsOf(
        found.outbox.mails,
        [...rows.values()].map((r) => r.invoice_number),
      );
      const receipts = onceFigure(
        'receipt per invoice paid in parts',
        exactlyOnce(
          new Map(
            [...rows.values()].filter((r) => r.status === 'completed').map((r) => [r.invoice_number, 1]),
          ),
          countKeys(mails.receipts),
        ),
      );
      const parts = invoices.flatMap((x) => x.parts);
      const answers = [...new Set(parts.map((x) => x.answer))]
        .map((a) => `${a}×${parts.filter((x) => x.answer === a).length}`)
        .join(' ');
      const figures: Figure[] = [
        {
          label: 'part payments confirmed at once',
          value: `${invoices.length} invoices, ${parts.length} parts: answers ${answers}; ${p.acknowledged} acknowledged, ${p.overBalance} over the balance (400), ${p.cut} cut`,
          target: '0 lost, 0 twice, 0 wrong (a 409 is wrong)',
          pass:
            p.lost.length === 0 &&
            p.twice.length === 0 &&
            p.wrong.length === 0 &&
            parts.length > 0 &&
            p.acknowledged > 0,
        },
        receipts.figure,
      ];
      return {
        figures,
        details: [
          ...p.lost.slice(0, 5).map((x) => `part payment lost: ${x}`),
          ...p.twice.slice(0, 5).map((x) => `part payment twice: ${x}`),
          ...p.wrong.slice(0, 5).map((x) => `part payment: ${x}`),
          ...receipts.details,
        ],
      };
    },
  };
}
