import { randomInt, randomUUID } from 'node:crypto';
import { utcToLocal } from '@app/contracts/calendar/time-zone';
import {
  defaultDueDate,
  type InvoiceKind,
  invoiceMonthOf,
  invoiceNumberFor,
  type PaymentMethod,
  type PaymentStatus,
} from '@app/contracts/invoices/rules';
import { ConcurrencyError, type StreamWrite } from '../eventstore/port.ts';
import {
  type Actor,
  type CommandOutcome,
  commitChange,
  decideAgainOnConflict,
  load,
  loadLast,
  runCommand,
  writeFor,
} from '../platform/command.ts';
import type { AppDeps } from '../platform/deps.ts';
import { conflict, DomainError } from '../platform/errors.ts';
import { claim, refuseTaken, type UniqueScope } from '../platform/unique-values.ts';
import { projectFacts } from '../projects/facts.ts';
import * as decide from './decide.ts';
import {
  counterDecider,
  type IssueFields,
  invoiceDecider,
  invoiceNumbersStream,
  invoiceStream,
  type PaymentReceived,
} from './decide.ts';

type Deps = Pick<AppDeps, 'store' | 'aggregates' | 'waitForProjections'>;

/** No two invoices share a number (`unique-invoice-<number>`). */
export const invoiceNumbers: UniqueScope = {
  name: 'invoice',
  takenMessage: 'This invoice number is taken.',
  normalize: (n) => n.toUpperCase(),
};

/** Tries of the month counter under concurrent creation (each conflict reads it again after a short pause). */
const NUMBER_TRIES = 50;
const pause = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, randomInt(1, 10 + Math.min(attempt, 10) * 5)));

/** Today in Alaska (an invoice's date). */
export const todayInAlaska = (at = new Date()) => utcToLocal(at).date;

export interface NewInvoice {
  invoiceId: number;
  projectId: number;
  /** A number the admin typed (claimed as typed), or undefined for the month's next one. */
  invoiceNumber?: string;
  amountCents: number;
  description: string;
  /** Undefined: 30 days after the invoice's date. */
  dueDate?: string;
  kind: InvoiceKind;
  estimateId: number | null;
  /** The recurring billing plan issuing it (backend/src/billing); null or absent otherwise. */
  billingPlanId?: number | null;
  paymentMethod: PaymentMethod | null;
  customMethod: string | null;
  by: number;
}

/** More writes of the same change as an invoice (a plan's billed period, a quote's bookkeeping and claim). */
export type AlsoWrite = (invoiceStream: string) => Promise<readonly (StreamWrite | null)[]>;

/**
 * Issues an invoice on the project's own stream facts. Without a typed number it takes the month's next one:
 * the counter's event (at the revision read), the number's claim and the invoice go in one change, and a
 * concurrent creation that took the number first makes this one read the counter again, so the numbers of a
 * month have no gaps and no duplicates. `alsoWrite` adds writes of the same change.
 */
export async function issueNew(
  deps: Deps,
  actor: Actor,
  command: NewInvoice,
  alsoWrite?: AlsoWrite,
): Promise<CommandOutcome> {
  return decideAgainOnConflict(deps, () => issueOnce(deps, actor, command, alsoWrite));
}

/**
 * One attempt of `issueNew`, for a caller that decides the invoice itself on streams it reads (a quote's
 * remaining total) and so runs its reads, that decision and this in its own `decideAgainOnConflict`: a conflict
 * on what it read must make it decide again, not this attempt run again on the same decision.
 */
export async function issueOnce(
  deps: Deps,
  actor: Actor,
  command: NewInvoice,
  alsoWrite?: AlsoWrite,
): Promise<CommandOutcome> {
  const project = await projectFacts(deps, command.projectId);
  const at = new Date();
  const invoiceDate = todayInAlaska(at);
  const fields: IssueFields = {
    description: command.description,
    amountCents: command.amountCents,
    invoiceDate,
    dueDate: command.dueDate ?? defaultDueDate(invoiceDate),
    kind: command.kind,
    estimateId: command.estimateId,
    billingPlanId: command.billingPlanId ?? null,
    paymentMethod: command.paymentMethod,
    customMethod: command.customMethod,
  };
  const stream = invoiceStream(command.invoiceId);
  const loaded = await load(deps.store, stream, invoiceDecider);
  const issue = (invoiceNumber: string) =>
    writeFor(stream, loaded, actor, (state) =>
      decide.issueInvoice(state, {
        invoiceId: command.invoiceId,
        invoiceNumber,
        projectId: command.projectId,
        project,
        fields,
        by: command.by,
        at: at.toISOString(),
      }),
    );
  const month = invoiceMonthOf(invoiceDate);
  // Decided once first, so a refused invoice touches neither the counter nor a claim.
  issue(command.invoiceNumber ?? invoiceNumberFor(month, 1));
  const extra = alsoWrite ? await alsoWrite(stream) : [];
  if (command.invoiceNumber !== undefined) {
    const typed = command.invoiceNumber;
    return refuseTaken([invoiceNumbers], async () =>
      commitChange(deps, [await claim(deps, actor, invoiceNumbers, typed, stream), issue(typed), ...extra]),
    );
  }
  const counterStream = invoiceNumbersStream(month);
  for (let attempt = 0; attempt < NUMBER_TRIES; attempt++) {
    // The counter as this process's last number of the month left it, when it has one, else the month's last
    // number taken (its stream's last event): read again only when another creation got in between.
    const counter =
      deps.aggregates.get<decide.CounterState>(counterStream, counterDecider) ??
      (await loadLast(deps.store, counterStream, counterDecider));
    let sequence = counter.state.lastSequence + 1;
    // A number an admin typed holds its place: the counter moves past it.
    let claimed: StreamWrite | null = null;
    for (; ; sequence++) {
      try {
        claimed = await claim(deps, actor, invoiceNumbers, invoiceNumberFor(month, sequence), stream);
        break;
      } catch (err) {
        if (!(err instanceof DomainError && err.message === invoiceNumbers.takenMessage)) throw err;
      }
    }
    const takenEvents = decide.takeNumber(counter.state, { month, sequence, invoiceId: command.invoiceId });
    const taken = writeFor(counterStream, counter, actor, () => takenEvents);
    try {
      const outcome = await commitChange(deps, [
        taken,
        claimed,
        issue(invoiceNumberFor(month, sequence)),
        ...extra,
      ]);
      const before = counter.revision === 'no_stream' ? -1n : BigInt(counter.revision as bigint);
      deps.aggregates.set(
        counterStream,
        counterDecider,
        takenEvents.reduce(counterDecider.evolve, counter.state),
        before + BigInt(takenEvents.length),
      );
      return outcome;
    } catch (err) {
      const lostRace =
        err instanceof ConcurrencyError &&
        (err.stream === counterStream || err.stream.startsWith(`unique-${invoiceNumbers.name}-`));
      if (!lostRace) throw err;
      await pause(attempt);
    }
  }
  throw conflict('No invoice number could be handed out. Please try again.');
}

const onInvoice = (
  deps: Deps,
  actor: Actor,
  invoiceId: number,
  decision: (state: decide.InvoiceState) => ReturnType<typeof decide.voidInvoice>,
) => runCommand(deps, invoiceStream(invoiceId), invoiceDecider, actor, decision);

export const changeDueDate = (deps: Deps, actor: Actor, c: { id: number; dueDate: string; by: number }) =>
  onInvoice(deps, actor, c.id, (s) =>
    decide.changeDueDate(s, { dueDate: c.dueDate, by: c.by, at: new Date().toISOString() }),
  );

export const changePaymentMethod = (
  deps: Deps,
  actor: Actor,
  c: { id: number; paymentMethod: PaymentMethod; customMethod: string | null; by: number },
) =>
  onInvoice(deps, actor, c.id, (s) =>
    decide.changePaymentMethod(s, {
      paymentMethod: c.paymentMethod,
      customMethod: c.customMethod,
      by: c.by,
      at: new Date().toISOString(),
    }),
  );

export const setStatus = (
  deps: Deps,
  actor: Actor,
  c: { id: number; status: PaymentStatus; paidAt: string | null; reason: string | null; by: number },
) =>
  onInvoice(deps, actor, c.id, (s) =>
    decide.setStatus(s, {
      status: c.status,
      paidAt: c.paidAt,
      reason: c.reason,
      paymentId: `offline-${randomUUID()}`,
      by: c.by,
      at: new Date().toISOString(),
    }),
  );

export const voidInvoice = (deps: Deps, actor: Actor, c: { id: number; reason: string | null; by: number }) =>
  onInvoice(deps, actor, c.id, (s) =>
    decide.voidInvoice(s, { reason: c.reason, by: c.by, at: new Date().toISOString() }),
  );

/** Staff confirm money received offline: the whole balance, or `amountCents`. */
export const confirmPayment = (
  deps: Deps,
  actor: Actor,
  c: Omit<PaymentReceived, 'paymentId' | 'source' | 'paidAt'> & {
    id: number;
    paidAt: string | null;
    by: number;
  },
) => {
  const at = new Date().toISOString();
  return onInvoice(deps, actor, c.id, (s) =>
    decide.recordPayment(s, {
      payment: {
        paymentId: `offline-${randomUUID()}`,
        amountCents: c.amountCents,
        method: c.method,
        customMethod: c.customMethod,
        transactionId: c.transactionId,
        source: 'offline',
        paidAt: c.paidAt ?? at,
      },
      by: c.by,
      at,
    }),
  );
};

/**
 * For the Stripe slice: money received for invoice `invoiceId`, named by `paymentId` (`stripe-<pi_...>`). The
 * same paymentId twice records it once and does not fail; more than the balance is refused (400 OVERPAYMENT).
 * `actor.id` (null for Stripe's webhook) is who recorded it.
 */
export function recordPayment(
  deps: Deps,
  actor: Actor,
  command: {
    invoiceId: number;
    paymentId: string;
    amountCents: number;
    method: PaymentMethod;
    source: 'offline' | 'stripe';
    transactionId: string | null;
    paidAt: string;
    customMethod?: string | null;
  },
): Promise<CommandOutcome> {
  const { invoiceId, customMethod, ...payment } = command;
  return runCommand(deps, invoiceStream(invoiceId), invoiceDecider, actor, (s) =>
    decide.recordPayment(s, {
      payment: { ...payment, customMethod: customMethod ?? null },
      by: actor.id,
      at: new Date().toISOString(),
    }),
  );
}

/** For the Stripe slice: a payment intent (or hosted invoice) started for the invoice; once per intent. */
export function recordPaymentIntent(
  deps: Deps,
  actor: Actor,
  command: {
    invoiceId: number;
    intentId: string;
    amountCents: number;
    hostedInvoiceId?: string | null;
    hostedInvoiceUrl?: string | null;
  },
): Promise<CommandOutcome> {
  return runCommand(deps, invoiceStream(command.invoiceId), invoiceDecider, actor, (s) =>
    decide.recordPaymentIntent(s, {
      intentId: command.intentId,
      amountCents: command.amountCents,
      hostedInvoiceId: command.hostedInvoiceId ?? null,
      hostedInvoiceUrl: command.hostedInvoiceUrl ?? null,
      at: new Date().toISOString(),
    }),
  );
}

/** For the Stripe slice: a card payment was refused. */
export function recordPaymentFailure(
  deps: Deps,
  actor: Actor,
  command: { invoiceId: number; intentId: string; message: string },
): Promise<CommandOutcome> {
  return runCommand(deps, invoiceStream(command.invoiceId), invoiceDecider, actor, (s) =>
    decide.recordPaymentFailure(s, {
      intentId: command.intentId,
      message: command.message,
      at: new Date().toISOString(),
    }),
  );
}
