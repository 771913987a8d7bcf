import { Job, Queue } from 'bullmq';
import type { Database } from './database.ts';
import type { Figure } from './figures.ts';
import type { Found } from './found.ts';
import { countKeys, exactlyOnce, remindersAfterPayment } from './job-checks.ts';
import type { SentMail } from './outbox.ts';
import { sleep } from './shell.ts';
import { idempotent, onceFigure, type Slice, type SliceContext } from './slice.ts';
import { ask, bodyOf } from './steady.ts';

const ALASKA_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Anchorage' });
/** The day `days` from today in Alaska (the business's days), as YYYY-MM-DD. */
export const alaskaDay = (days: number) => ALASKA_DAY.format(new Date(Date.now() + days * 86_400_000));

/** The invoices' mails in the outbox, by invoice number (subjects of workers/src/jobs/invoice-*-mail.ts). */
export function invoiceMailsOf(mails: SentMail[], numbers: Iterable<string>) {
  const wanted = [...numbers];
  const numberIn = (subject: string, pattern: (n: string) => string) =>
    wanted.find((n) => subject.startsWith(pattern(n)));
  const issued: string[] = [];
  const receipts: string[] = [];
  const reminders: { invoice: string; at: number }[] = [];
  for (const m of mails) {
    const i = numberIn(m.subject, (n) => `Invoice ${n}:`);
    if (i) issued.push(i);
    const r = numberIn(m.subject, (n) => `Receipt: invoice ${n} is paid`);
    if (r) receipts.push(r);
    const d = numberIn(m.subject, (n) => `Reminder: invoice ${n} is`);
    if (d) reminders.push({ invoice: d, at: m.at });
  }
  return { issued, receipts, reminders };
}

/** Invoice number and status of each invoice (the payments view). */
export async function invoiceRows(db: Database, ids: number[]) {
  const rows = await db.rows<{ id: number; invoice_number: string; status: string; paid_cents: string }>(
    'SELECT id, invoice_number, status, paid_cents FROM rm.payments WHERE id = ANY($1)',
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/** An invoice through the API, due in two days (Alaska), so its reminders are the ones after the due date. */
export async function issueInvoice(ctx: SliceContext, projectId: number, dollars: number, what: string) {
  const made = bodyOf<{ id: number }>(
    await ask(
      ctx.http,
      'POST',
      '/api/invoices',
      { projectId, amount: dollars, description: `Faults ${what}`, dueDate: alaskaDay(2) },
      idempotent(),
    ),
    `invoice for ${what}`,
  );
  return made.id;
}

type Plan = 'unpaid' | 'paid-first' | 'paid-midway';
const PLANS: Plan[] = ['unpaid', 'paid-first', 'paid-midway'];

/**
 * Invoice mails under the faults: each invoice's mail once, the receipt of each paid one once, every reminder
 * of an unpaid one once and none after a payment. Reminders fall due days after an invoice; the run brings
 * them forward into itself as the clock would (the jobs table's `run_at` and the queued job's delay, after
 * the pump queued them), spread over the faults.
 */
export function invoiceMails(redisUrl: string, loadSeconds: number, perPerson = 3): Slice {
  const invoices: { id: number; plan: Plan; payAt: number }[] = [];
  const paidAt = new Map<number, number>();
  const refused: string[] = [];
  const reminderJobs = new Map<number, { id: string; runAt: number }[]>();

  async function pay(ctx: SliceContext, id: number) {
    const r = await ask(ctx.http, 'PATCH', `/api/payments/${id}/complete`, { status: 'completed' });
    if (r.ok) paidAt.set(id, r.at);
    else refused.push(`invoice ${id} paid: ${r.name}`);
  }

  return {
    name: 'invoice mails',
    async prepare(ctx) {
      for (const [p, person] of ctx.people.entries())
        for (let i = 0; i < perPerson; i++) {
          const id = await issueInvoice(ctx, person.projectId, 150 + i, `invoice ${ctx.runId} ${p}-${i}`);
          invoices.push({ id, plan: PLANS[(p * perPerson + i) % PLANS.length]!, payAt: 0 });
        }
      for (const inv of invoices.filter((x) => x.plan === 'paid-first')) await pay(ctx, inv.id);
      // The reminder jobs, once the pump has queued them all.
      const ids = invoices.map((x) => x.id);
      let rows: { id: string; invoice: number; enqueued: boolean }[] = [];
      for (const until = Date.now() + 30_000; Date.now() < until; await sleep(500)) {
        rows = await ctx.db.rows(
          `SELECT id, (payload->>'invoiceId')::int AS invoice, enqueued_at IS NOT NULL AS enqueued FROM jobs
           WHERE name LIKE 'invoice.reminder.mail.%' AND (payload->>'invoiceId')::int = ANY($1) ORDER BY id`,
          [ids],
        );
        const unpaid = invoices.filter((x) => x.plan !== 'paid-first').map((x) => x.id);
        if (unpaid.every((id) => rows.some((r) => r.invoice === id)) && rows.every((r) => r.enqueued)) break;
      }
      // Spread each invoice's reminders over the load, from 15 s in to 25 s before its end.
      const start = Date.now() + 15_000;
      const span = Math.max(10_000, loadSeconds * 1000 - 40_000);
      // The workers' queues are under the install's Redis namespace: `ng-` and the run's database name.
      const queue = new Queue('mail', { connection: { url: redisUrl }, prefix: 'ng-northern_guard' });
      try {
        for (const inv of invoices) {
          const mine = rows.filter((r) => r.invoice === inv.id);
          const at = mine.map(
            (_, k) => start + ((k + Math.random() * 0.8) * span) / Math.max(1, mine.length),
          );
          reminderJobs.set(
            inv.id,
            mine.map((r, k) => ({ id: r.id, runAt: Math.round(at[k]!) })),
          );
          // Paid half-way: between its first and second reminder.
          if (inv.plan === 'paid-midway')
            inv.payAt = mine.length > 1 ? (at[0]! + at[1]!) / 2 : start + span / 2;
          for (const job of reminderJobs.get(inv.id)!) {
            await ctx.db.rows('UPDATE jobs SET run_at = to_timestamp($2 / 1000.0) WHERE id = $1', [
              job.id,
              job.runAt,
            ]);
            const queued = await Job.fromId(queue, job.id);
            if (queued && (await queued.isDelayed()))
              await queued.changeDelay(Math.max(0, job.runAt - Date.now()));
          }
        }
      } finally {
        await queue.close();
      }
      ctx.log(
        `  invoice mails: ${invoices.length} invoices, ${rows.length} reminder jobs brought forward into the run`,
      );
    },
    async during(ctx) {
      for (const inv of invoices.filter((x) => x.plan === 'paid-midway').sort((a, b) => a.payAt - b.payAt)) {
        await sleep(Math.max(0, inv.payAt - Date.now()));
        await pay(ctx, inv.id);
      }
    },
    async check(ctx, found: Found) {
      const rows = await invoiceRows(
        ctx.db,
        invoices.map((x) => x.id),
      );
      const numberOf = (id: number) => rows.get(id)?.invoice_number ?? `invoice ${id} (not in the view)`;
      const mails = invoiceMailsOf(
        found.outbox.mails,
        [...rows.values()].map((r) => r.invoice_number),
      );
      const jobsNow = await ctx.db.rows<{ invoice: number; n: string }>(
        `SELECT (payload->>'invoiceId')::int AS invoice, count(*) AS n FROM jobs
         WHERE name LIKE 'invoice.reminder.mail.%' AND (payload->>'invoiceId')::int = ANY($1) GROUP BY 1`,
        [invoices.map((x) => x.id)],
      );
      const jobsOf = new Map(jobsNow.map((r) => [r.invoice, Number(r.n)]));
      const issued = exactlyOnce(new Map(invoices.map((x) => [numberOf(x.id), 1])), countKeys(mails.issued));
      const receipts = exactlyOnce(
        new Map([...rows.values()].filter((r) => r.status === 'completed').map((r) => [r.invoice_number, 1])),
        countKeys(mails.receipts),
      );
      // Every reminder of an unpaid invoice once; none for one paid before its first; a midway one at most
      // those due before its payment (a reminder whose workers were down then stands down, rightly).
      const reminderCount = countKeys(mails.reminders.map((r) => r.invoice));
      const exact = invoices.filter((x) => x.plan !== 'paid-midway');
      const reminders = exactlyOnce(
        new Map(exact.map((x) => [numberOf(x.id), x.plan === 'unpaid' ? (jobsOf.get(x.id) ?? 0) : 0])),
        new Map(exact.map((x) => [numberOf(x.id), reminderCount.get(numberOf(x.id)) ?? 0])),
      );
      const midwayTooMany = invoices
        .filter((x) => x.plan === 'paid-midway')
        .map((x) => {
          const due = (reminderJobs.get(x.id) ?? []).filter((j) => j.runAt < (paidAt.get(x.id) ?? 0)).length;
          const got = reminderCount.get(numberOf(x.id)) ?? 0;
          return got > due ? `${numberOf(x.id)}: ${got} reminders, ${due} due before its payment` : '';
        })
        .filter(Boolean);
      const after = remindersAfterPayment(
        mails.reminders,
        new Map([...paidAt].map(([id, at]) => [numberOf(id), at])),
      );
      const parts = [
        onceFigure('invoice mail per invoice', issued),
        onceFigure('receipt per paid invoice', receipts),
        onceFigure('reminders (unpaid: each once; paid first: none)', reminders),
      ];
      const figures: Figure[] = [
        ...parts.map((p) => p.figure),
        {
          label: 'reminders after a payment',
          value: `${after.length + midwayTooMany.length} (${paidAt.size} invoices paid, ${mails.reminders.length} reminders mailed in all)`,
          target: '0',
          pass: after.length === 0 && midwayTooMany.length === 0,
        },
        {
          label: 'invoice payments refused',
          value: `${refused.length}${refused.length ? ` e.g. ${refused.slice(0, 3).join('; ')}` : ''}`,
          target: '0',
          pass: refused.length === 0,
        },
      ];
      return {
        figures,
        details: [
          ...parts.flatMap((p) => p.details),
          ...after.slice(0, 5).map((a) => `reminder after payment: ${a}`),
          ...midwayTooMany.slice(0, 5).map((a) => `reminder after payment: ${a}`),
        ],
      };
    },
  };
}
