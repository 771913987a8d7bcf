import { ZConfirmPaymentBody, ZCreateInvoiceBody } from '@app/contracts/api/invoices';
import { addDays, utcToLocal } from '@app/contracts/calendar/time-zone';
import { depositOf } from '@app/contracts/invoices/rules';
import { inParallel } from '../bench/server.ts';
import { confirmPayment, issueNew } from '../src/invoices/commands.ts';
import { nextId } from '../src/platform/ids.ts';
import { at } from './clock.ts';
import { actorFor, between, DAY, type SeedContext, workingMoment } from './context.ts';
import type { SeededStaff } from './people.ts';
import type { Random } from './prng.ts';
import type { SeededProject } from './projects.ts';

export interface InvoiceCounts {
  invoices: number;
  paid: number;
  partPaid: number;
  unpaid: number;
  payments: number;
  byMethod: Record<string, number>;
}

interface PlannedInvoice {
  project: SeededProject;
  issuedAt: number;
  kind: 'full' | 'deposit' | 'milestone';
  /** Days to pay; null for the default (30). */
  dueDays: number | null;
  amountCents: number;
  /** Parts paid (fractions of the amount) and when, in order; empty for none. */
  payments: { cents: number | null; at: number; method: 'cash' | 'check' | 'card'; reference?: string }[];
}

const localDay = (ms: number) => utcToLocal(new Date(ms)).date;
const monthOf = (ms: number) => localDay(ms).slice(0, 7);

/** A job's invoice: the whole amount once finished, else a deposit; `second` is a milestone bill on top. */
function plan(ctx: SeedContext, random: Random, project: SeededProject, second: boolean): PlannedInvoice {
  const finished = project.status === 'completed';
  const issuedAt = workingMoment(
    random,
    second
      ? Math.max(project.createdAt + 2 * DAY, Math.min(project.startsAt, ctx.end))
      : finished
        ? project.endsAt + random.int(0, 3) * DAY
        : project.createdAt + DAY,
    ctx.end,
  );
  const kind = second ? 'milestone' : finished ? 'full' : 'deposit';
  const amountCents =
    kind === 'full'
      ? project.amountCents
      : kind === 'deposit'
        ? depositOf(project.amountCents)
        : Math.max(100, Math.round(project.amountCents / 4 / 100) * 100);
  // Most are due in 30 days (the default); some customers are on shorter terms.
  const dueDays = random.weighted([
    [null, 70],
    [14, 20],
    [7, 10],
  ] as const);
  const age = (ctx.end - issuedAt) / DAY - (30 - (dueDays ?? 30));
  // Older invoices are mostly settled; recent ones mostly wait; some stay unpaid past their due date.
  const outcome = random.weighted(
    age > 45
      ? [
          ['paid', 85],
          ['part', 8],
          ['none', 7],
        ]
      : age > 30
        ? [
            ['paid', 60],
            ['part', 15],
            ['none', 25],
          ]
        : [
            ['paid', 40],
            ['part', 15],
            ['none', 45],
          ],
  );
  const way = () => {
    const method = random.weighted([
      ['check', 40],
      ['card', 35],
      ['cash', 25],
    ] as const);
    return method === 'check' ? { method, reference: `Check #${random.int(1001, 9999)}` } : { method };
  };
  const paidBy = (from: number) =>
    workingMoment(random, between(random, from, Math.min(ctx.end, from + 25 * DAY)), ctx.end);
  const payments: PlannedInvoice['payments'] = [];
  if (outcome !== 'none' && amountCents >= 200) {
    const first = paidBy(issuedAt);
    if (outcome === 'part') {
      const part = Math.round((amountCents * random.int(30, 60)) / 100 / 100) * 100;
      payments.push({ cents: Math.min(part, amountCents - 100), at: first, ...way() });
    } else if (random.chance(0.2)) {
      // Paid in two parts.
      payments.push({ cents: Math.round(amountCents / 2 / 100) * 100, at: first, ...way() });
      payments.push({ cents: null, at: paidBy(first), ...way() });
    } else payments.push({ cents: null, at: first, ...way() });
  }
  return { project, issuedAt, kind, amountCents, dueDays, payments };
}

/**
 * `count` invoices through the invoice commands (POST /api/invoices, PATCH /api/payments/{id}/confirm): one
 * per job at its end (or a deposit when it starts), then the money received by check, card or cash. Numbers
 * are the month's next ones, so each month's invoices are issued in order by one runner; months run at once.
 */
export async function makeInvoices(
  ctx: SeedContext,
  team: SeededStaff[],
  projects: SeededProject[],
  count: number,
): Promise<InvoiceCounts> {
  const random = ctx.random.fork('invoices');
  const office = team.find((s) => s.title === 'office') ?? team[0]!;
  const billed = projects.filter((p) => p.status !== 'cancelled');
  const planned = Array.from({ length: Math.min(count, billed.length * 2) }, (_, i) =>
    plan(ctx, random, billed[i % billed.length]!, i >= billed.length),
  );
  const months = new Map<string, PlannedInvoice[]>();
  for (const p of planned.sort((a, b) => a.issuedAt - b.issuedAt)) {
    const month = monthOf(p.issuedAt);
    months.set(month, [...(months.get(month) ?? []), p]);
  }
  const counts: InvoiceCounts = { invoices: 0, paid: 0, partPaid: 0, unpaid: 0, payments: 0, byMethod: {} };
  const runners = [...months.values()];
  const actor = () => actorFor(office.userId, 'admin');
  // Issued first, each month's in order (their numbers are the month's next ones); then the money received,
  // which depends on nothing but its own invoice, for all invoices at once.
  const issued: { id: number; invoice: PlannedInvoice }[] = [];
  await inParallel(runners.length, ctx.width, async (m) => {
    for (const invoice of runners[m]!) {
      const invoiceId = await nextId(ctx.deps.db, 'invoice_ids');
      const body = ZCreateInvoiceBody.parse({
        projectId: invoice.project.projectId,
        amount: invoice.amountCents / 100,
        description:
          invoice.kind === 'full'
            ? invoice.project.title
            : `${invoice.kind === 'deposit' ? 'Deposit' : 'Progress payment'} for ${invoice.project.title.toLowerCase()}`,
        kind: invoice.kind,
        ...(invoice.dueDays === null
          ? {}
          : { dueDate: addDays(localDay(invoice.issuedAt), invoice.dueDays) }),
      });
      await at(invoice.issuedAt, () =>
        issueNew(ctx.deps, actor(), {
          invoiceId,
          projectId: body.projectId,
          amountCents: body.amount,
          dueDate: body.dueDate,
          description: body.description,
          kind: body.kind,
          estimateId: null,
          paymentMethod: null,
          customMethod: null,
          by: office.userId,
        }),
      );
      counts.invoices++;
      issued.push({ id: invoiceId, invoice });
    }
  });
  await inParallel(issued.length, ctx.width, async (i) => {
    const { id, invoice } = issued[i]!;
    for (const payment of invoice.payments) {
      const b = ZConfirmPaymentBody.parse({
        paymentMethod: payment.method,
        ...(payment.cents === null ? {} : { amount: payment.cents / 100 }),
        ...(payment.reference ? { transactionId: payment.reference } : {}),
        paidAt: new Date(payment.at).toISOString(),
      });
      await at(payment.at, () =>
        confirmPayment(ctx.deps, actor(), {
          id,
          amountCents: b.amount ?? null,
          method: b.paymentMethod,
          customMethod: null,
          transactionId: b.transactionId ?? null,
          paidAt: b.paidAt ?? null,
          by: office.userId,
        }),
      );
      counts.payments++;
      counts.byMethod[payment.method] = (counts.byMethod[payment.method] ?? 0) + 1;
    }
    const whole = invoice.payments.some((p) => p.cents === null);
    if (whole) counts.paid++;
    else if (invoice.payments.length > 0) counts.partPaid++;
    else counts.unpaid++;
  });
  return counts;
}
