import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { startRounds, withRoundLock } from '../platform/clock-rounds.ts';
import { systemActor } from '../platform/command.ts';
import { recordSucceeded, settleIntent } from './apply.ts';
import { stripeOf } from './client.ts';
import { invoiceStreamOf, payableInvoice, stripePaymentId } from './decide.ts';
import type { StripeDeps } from './intents.ts';
import type { InvoicePayments } from './port.ts';

const SWEEP_LOCK = 'stripe-reconcile';
/** Intents older than this are no longer asked about (Stripe cancels unconfirmed ones long before). */
const OPEN_DAYS = 30;
/** Statuses after which an intent will never be paid. */
const DEAD = new Set(['canceled']);

type Log = { warn(o: object, m: string): void };

/**
 * One reconciliation round (a payment is recorded even when its webhook was lost): for each intent we made that
 * is not settled yet, the invoice's stream is read (already paid or deleted: settled without asking Stripe), then
 * Stripe is asked; a succeeded intent goes through the same decision and idempotent command as the webhook's job
 * (same paymentId `stripe-<intent>`), so webhook and sweep record it once whichever comes first. Runs in the
 * process holding the session advisory lock; the others skip the round.
 */
export async function reconcileRound(
  deps: StripeDeps,
  payments: Pick<InvoicePayments, 'recordPayment'>,
  log: Log,
) {
  const stripe = stripeOf(deps.config);
  if (!stripe) return { locked: false as const };
  return withRoundLock(deps.db as Kysely<unknown>, SWEEP_LOCK, async (conn) => {
    const { rows } = await sql<{ intent_id: string; invoice_id: number }>`
      SELECT intent_id, invoice_id FROM stripe_payment_intents
      WHERE settled_at IS NULL AND created_at > now() - make_interval(days => ${OPEN_DAYS})
      ORDER BY created_at`.execute(conn);
    let checked = 0;
    let recorded = 0;
    for (const row of rows) {
      try {
        const invoice = payableInvoice(await deps.store.readStream(invoiceStreamOf(row.invoice_id)));
        if (!invoice || invoice.voided || invoice.paymentIds.has(stripePaymentId(row.intent_id))) {
          await settleIntent(deps, row.intent_id, invoice?.voided ? 'invoice deleted' : 'recorded');
          continue;
        }
        const intent = await stripe.paymentIntents.retrieve(row.intent_id);
        checked++;
        if (intent.status === 'succeeded') {
          const outcome = await recordSucceeded(deps, payments, systemActor(randomUUID()), {
            intentId: intent.id,
            amountCents: intent.amount_received || intent.amount,
            currency: intent.currency,
            paidAt: new Date(intent.created * 1000).toISOString(),
          });
          if (outcome.recorded) recorded++;
          else
            log.warn(
              { intentId: intent.id, reason: outcome.reason },
              'a succeeded Stripe payment was not recorded',
            );
        } else if (DEAD.has(intent.status)) await settleIntent(deps, row.intent_id, intent.status);
        else
          await sql`UPDATE stripe_payment_intents SET last_checked_at = now(), last_status = ${intent.status}
            WHERE intent_id = ${row.intent_id}`.execute(deps.db);
      } catch (err) {
        log.warn(
          { intentId: row.intent_id, err: String(err) },
          'Stripe reconciliation failed; tried again next round',
        );
      }
    }
    return { checked, recorded };
  });
}

/**
 * The workers' reconciliation timer: a round right after start, then every `everyMs` (5 minutes by default).
 * A timer under an advisory lock, like the calendar pulls, rather than a job: a round starts from the clock, not
 * from an event, and its work list is a query, so there is nothing to record per round in the jobs table, and a
 * Redis that lost its data cannot lose the schedule.
 */
export function startStripeReconciliation(
  deps: StripeDeps,
  payments: Pick<InvoicePayments, 'recordPayment'>,
  log: Log,
  everyMs = 5 * 60_000,
) {
  return startRounds(() => reconcileRound(deps, payments, log), {
    everyMs,
    atStart: true,
    what: 'Stripe reconciliation round',
    log,
  });
}
