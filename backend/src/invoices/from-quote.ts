import { ESTIMATE_NOT_FOUND, QUOTE_PROJECT_NOT_CLIENTS } from '@app/contracts/api/estimates';
import { quoteInvoicesStream } from '@app/contracts/events/quote-invoices';
import type { TUniquenessEvent } from '@app/contracts/events/uniqueness';
import type { Person } from '../auth/person.ts';
import { type EstimateState, estimateDecider, estimateStream } from '../estimates/decide.ts';
import {
  type Actor,
  type CommandOutcome,
  decideAgainOnConflict,
  load,
  writeFor,
} from '../platform/command.ts';
import type { AppDeps } from '../platform/deps.ts';
import { conflict, invalid, notFound } from '../platform/errors.ts';
import { claim, type UniqueScope, uniqueStream } from '../platform/unique-values.ts';
import { projectFacts } from '../projects/facts.ts';
import { type AlsoWrite, issueOnce, type NewInvoice } from './commands.ts';
import { invoiceDecider, invoiceStream } from './decide.ts';
import { billQuote, type QuoteBill, quoteInvoicesDecider } from './quote-invoices.ts';

/**
 * Invoices made from a quote: staff's Convert Quote to Invoice, and the client's choice after accepting. Both
 * bill what remains of the quote, decided on its `quote-invoices-<id>` stream as read and appended at that
 * revision in the invoice's own change, so of two at once one is decided again and finds less (or nothing) to
 * bill.
 */

type Deps = Pick<AppDeps, 'store' | 'aggregates' | 'waitForProjections'>;

/** One invoice per accepted quote made by the client's choice (`unique-estimate-invoice-<estimateId>`). */
export const estimateInvoices: UniqueScope = {
  name: 'estimate-invoice',
  takenMessage: 'This quote has an invoice already.',
  normalize: (n) => n,
};

export const QUOTE_NOT_ACCEPTED = 'Only an accepted quote can be invoiced.';

/**
 * The invoice made from quote `estimateId` by its client's choice (the claim's owner), when it is client
 * `clientId`'s; else null.
 */
export async function invoiceOfEstimate(deps: Pick<AppDeps, 'store'>, estimateId: number, clientId: number) {
  const last = (await deps.store.readStream(uniqueStream(estimateInvoices, String(estimateId)))).at(-1) as
    | { type: TUniquenessEvent['type']; data: TUniquenessEvent['data'] }
    | undefined;
  if (last?.type !== 'UniqueValueClaimed') return null;
  const match = /^invoice-(\d+)$/.exec(last.data.owner);
  if (!match) return null;
  const { state } = await load(deps.store, last.data.owner, invoiceDecider);
  return state.lifecycle !== 'none' && state.clientId === clientId ? Number(match[1]) : null;
}

const titled = (title: string, description: string) =>
  (description.trim() ? `${title} - ${description.trim()}` : title).slice(0, 2_000);

/**
 * Issues invoice `invoice.invoiceId` for what `bill` asks of the quote: its amount and kind are decided on the
 * quote's billing as stored and each invoice it made as its own stream has it now (a deleted one no longer
 * counts), and the billing's QuoteInvoiced goes in the invoice's change at the revision read. `also` adds
 * writes of the same change.
 */
async function billOnce(
  deps: Deps,
  actor: Actor,
  quote: { estimateId: number; totalCents: number },
  bill: QuoteBill,
  invoice: Omit<NewInvoice, 'amountCents' | 'kind' | 'description'> & {
    description: (kind: NewInvoice['kind']) => string;
  },
  also: AlsoWrite = async () => [],
): Promise<CommandOutcome> {
  const stream = quoteInvoicesStream(quote.estimateId);
  const billing = await load(deps.store, stream, quoteInvoicesDecider);
  const made = await Promise.all(
    billing.state.invoices.map(async ({ invoiceId }) => {
      const { state } = await load(deps.store, invoiceStream(invoiceId), invoiceDecider);
      return {
        invoiceId,
        invoiceNumber: state.lifecycle === 'none' ? `invoice ${invoiceId}` : state.invoiceNumber,
        voided: state.lifecycle !== 'active',
      };
    }),
  );
  const events = billQuote(billing.state, {
    ...quote,
    invoiceId: invoice.invoiceId,
    made,
    bill,
    by: invoice.by,
    at: new Date().toISOString(),
  });
  const { amountCents, kind } = events[0]!.data;
  return issueOnce(
    deps,
    actor,
    { ...invoice, amountCents, kind, description: invoice.description(kind) },
    async (invoiceStreamName) => [
      writeFor(stream, billing, actor, () => events),
      ...(await also(invoiceStreamName)),
    ],
  );
}

const totalOf = (state: Extract<EstimateState, { lifecycle: 'active' }>) =>
  state.adjustedTotalCents ?? state.totalCents;

/**
 * Convert Quote to Invoice (staff), for a project of the quote's client: what remains of the quote's total (all
 * of it the first time; after a deposit, the rest as the final invoice). Nothing remaining is a 409 naming the
 * invoices made, unless the admin confirmed an explicit extra (`extraCents`), which is billed as it is.
 */
export async function convertQuote(
  deps: Deps,
  actor: Actor,
  command: {
    invoiceId: number;
    estimateId: number;
    projectId: number;
    extraCents: number | null;
    by: number;
  },
): Promise<CommandOutcome> {
  return decideAgainOnConflict(deps, async () => {
    const { state } = await load(deps.store, estimateStream(command.estimateId), estimateDecider);
    if (state.lifecycle !== 'active') throw notFound(ESTIMATE_NOT_FOUND);
    if (state.clientId === null)
      throw invalid('This quote has no client to invoice', 'estimate_needs_client');
    const project = await projectFacts(deps, command.projectId);
    if (project && project.clientId !== state.clientId)
      throw invalid(QUOTE_PROJECT_NOT_CLIENTS, 'project_not_clients');
    const described = titled(state.title, state.description);
    return billOnce(
      deps,
      actor,
      { estimateId: command.estimateId, totalCents: totalOf(state) },
      command.extraCents === null ? { what: 'rest' } : { what: 'extra', amountCents: command.extraCents },
      {
        invoiceId: command.invoiceId,
        projectId: command.projectId,
        description: (kind) =>
          kind === 'final'
            ? `Balance of quote ${state.quoteNumber}: ${described}`.slice(0, 2_000)
            : kind === 'milestone'
              ? `Beyond quote ${state.quoteNumber}: ${described}`.slice(0, 2_000)
              : described,
        estimateId: command.estimateId,
        paymentMethod: null,
        customMethod: null,
        by: command.by,
      },
    );
  });
}

/**
 * The client's choice after accepting their quote: a deposit (30 %) or the whole, at most what remains of it,
 * invoiced once; the quote's claim is in the same change, so a second call (or a concurrent one) finds the
 * first invoice.
 */
export async function invoiceAcceptedQuote(
  deps: Deps,
  actor: Actor,
  command: { invoiceId: number; estimateId: number; person: Person; choice: 'deposit' | 'full' },
): Promise<CommandOutcome> {
  const { estimateId, person } = command;
  return decideAgainOnConflict(deps, async () => {
    const { state } = await load(deps.store, estimateStream(estimateId), estimateDecider);
    const own =
      state.lifecycle === 'active' &&
      person.clientId !== null &&
      state.clientId === person.clientId &&
      state.status !== 'draft';
    if (!own) throw notFound(ESTIMATE_NOT_FOUND);
    if (state.status !== 'accepted' || state.projectId === null)
      throw conflict(QUOTE_NOT_ACCEPTED, 'quote_not_accepted');
    return billOnce(
      deps,
      actor,
      { estimateId, totalCents: totalOf(state) },
      { what: command.choice },
      {
        invoiceId: command.invoiceId,
        projectId: state.projectId,
        description: (kind) =>
          `${kind === 'deposit' ? 'Deposit' : 'Payment'} for quote ${state.quoteNumber}: ${state.title}`.slice(
            0,
            2_000,
          ),
        estimateId,
        paymentMethod: null,
        customMethod: null,
        by: person.userId,
      },
      async (stream) => [await claim(deps, actor, estimateInvoices, String(estimateId), stream)],
    );
  });
}
