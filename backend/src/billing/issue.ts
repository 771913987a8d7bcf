import { randomUUID } from 'node:crypto';
import { billingToday, periodDescription } from '@app/contracts/billing/rules';
import type { Kysely } from 'kysely';
import { ConcurrencyError } from '../eventstore/port.ts';
import { issueOnce } from '../invoices/commands.ts';
import { startRounds, withRoundLock } from '../platform/clock-rounds.ts';
import { type Actor, decideAgainOnConflict, load, systemActor, writeFor } from '../platform/command.ts';
import type { AppDeps } from '../platform/deps.ts';
import { nextId } from '../platform/ids.ts';
import * as decide from './decide.ts';
import { billingPlanStream, planDecider } from './decide.ts';
import { plansDue } from './queries.ts';

type Deps = Pick<AppDeps, 'db' | 'rm' | 'store' | 'aggregates' | 'waitForProjections'>;
type Log = { warn(o: object, m: string): void };

const ISSUE_LOCK = 'billing-issue';

/**
 * Issues plan `planId`'s invoices for every period due by `today` and not invoiced yet, oldest first. Each
 * invoice (kind `recurring`, the plan named) goes in ONE change with the plan's BillingPeriodInvoiced, appended
 * at the plan's revision as read: of two rounds racing on a period (two workers, a restart), one appends and
 * the other meets a ConcurrencyError, writes nothing, and reads the plan again, where the period is invoiced, so
 * a period is invoiced once. The invoice's own mails (issued, reminders) and its automatic charge follow from
 * its InvoiceIssued.
 */
export async function invoiceDuePeriods(deps: Deps, actor: Actor, planId: number, today: string) {
  const issued: { period: string; invoiceId: number }[] = [];
  for (;;) {
    const one = await decideAgainOnConflict(deps, async () => {
      const stream = billingPlanStream(planId);
      const loaded = await load(deps.store, stream, planDecider);
      const plan = loaded.state;
      const [due] = decide.periodsToInvoice(plan, today);
      if (!due || plan.lifecycle === 'none') return null;
      const invoiceId = await nextId(deps.db, 'invoice_ids');
      await issueOnce(
        deps,
        actor,
        {
          invoiceId,
          projectId: plan.projectId,
          amountCents: plan.amountCents,
          description: periodDescription(plan.description, plan.interval, due.period),
          kind: 'recurring',
          estimateId: null,
          billingPlanId: plan.id,
          paymentMethod: null,
          customMethod: null,
          by: plan.startedBy,
        },
        async () => [
          writeFor(stream, loaded, actor, (s) => decide.invoicePeriod(s, { ...due, invoiceId, today })),
        ],
      );
      return { period: due.period, invoiceId };
    });
    if (!one) return issued;
    issued.push(one);
  }
}

/**
 * One billing round at `now`: every active plan whose next billing day has come (the view's work list; each
 * is decided again on its stream). Runs in the process holding the session advisory lock; others skip the
 * round. A plan that fails (its project deleted, a lost race) is logged and tried again next round.
 */
export async function billingRound(deps: Deps, log: Log, now: Date = new Date()) {
  const today = billingToday(now);
  return withRoundLock(deps.db as Kysely<unknown>, ISSUE_LOCK, async () => {
    const issued: { planId: number; period: string; invoiceId: number }[] = [];
    for (const planId of await plansDue(deps, today)) {
      try {
        const actor = systemActor(randomUUID());
        for (const one of await invoiceDuePeriods(deps, actor, planId, today))
          issued.push({ planId, ...one });
      } catch (err) {
        log.warn(
          { planId, err: String(err), lostRace: err instanceof ConcurrencyError },
          'a billing plan was not invoiced this round; tried again next round',
        );
      }
    }
    return { issued };
  });
}

/**
 * The workers' billing timer: a round right after start, then every `everyMs` (15 minutes by default), so a
 * period is invoiced on its billing day (Alaska) whatever the hour the process started. A timer under an
 * advisory lock, as the calendar pulls and the Stripe sweep: the schedule comes from the clock, not an event.
 */
export function startBillingTimer(deps: Deps, log: Log, everyMs = 15 * 60_000) {
  return startRounds(() => billingRound(deps, log), { everyMs, atStart: true, what: 'billing round', log });
}
