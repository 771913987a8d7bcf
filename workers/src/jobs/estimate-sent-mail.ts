import { BUSINESS_TIME_ZONE } from '@app/contracts/calendar/time-zone';
import type { StoredEvent } from '@app/contracts/events/envelope';
import type { TEstimateEvent } from '@app/contracts/events/estimates';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import type { OutgoingMail } from '../mail/mailer.ts';
import { defineJob, type JobContext } from './define.ts';

export interface EstimateMailDeps {
  db: Kysely<unknown>;
  publicUrl: string;
  readStream(stream: string): Promise<StoredEvent[]>;
}

/** A quote as its stream has it now: what the mail names, and which send is the current one. */
export interface QuoteNow {
  estimateId: number;
  quoteNumber: string;
  title: string;
  clientId: number | null;
  totalCents: number;
  status: 'draft' | 'sent' | 'accepted' | 'declined' | 'deleted';
  validUntil: string | null;
  /** The event of the last send. */
  sentBy: string | null;
}

function evolve(state: QuoteNow | null, stored: StoredEvent): QuoteNow | null {
  const e = stored as unknown as TEstimateEvent;
  if (e.type === 'EstimateCreated')
    return {
      estimateId: e.data.estimateId,
      quoteNumber: e.data.quoteNumber,
      title: e.data.title,
      clientId: e.data.clientId,
      totalCents: e.data.adjustedTotalCents ?? e.data.totalCents,
      status: 'draft',
      validUntil: null,
      sentBy: null,
    };
  if (!state) return state;
  switch (e.type) {
    case 'EstimateChanged':
      return {
        ...state,
        title: e.data.title,
        clientId: e.data.clientId,
        totalCents: e.data.adjustedTotalCents ?? e.data.totalCents,
        // A change to a sent quote makes it a draft again (backend/src/estimates/decide.ts).
        status: state.status === 'sent' || state.status === 'declined' ? 'draft' : state.status,
      };
    case 'EstimateSent':
      return { ...state, status: 'sent', validUntil: e.data.validUntil, sentBy: stored.id };
    case 'EstimateAccepted':
      return { ...state, status: 'accepted' };
    case 'EstimateDeclined':
      return { ...state, status: 'declined' };
    case 'EstimateDeleted':
      return { ...state, status: 'deleted' };
    default:
      return state;
  }
}

export type QuoteMailDecision = { send: true; quote: QuoteNow } | { send: false; reason: string };

/**
 * Whether the client is still to be told of the send a job stands for, judged from the quote's stream when the
 * job runs: only while that send is the quote's current one and it still waits for their answer (edited back to
 * a draft, answered or deleted meanwhile: nothing; sent again: that send's job tells them).
 */
export function quoteMailDecision(events: readonly StoredEvent[], startedBy: string): QuoteMailDecision {
  const quote = events.reduce<QuoteNow | null>(evolve, null);
  if (!quote) return { send: false, reason: 'no such estimate' };
  if (quote.status !== 'sent') return { send: false, reason: `the quote is ${quote.status} now` };
  if (quote.sentBy !== startedBy)
    return { send: false, reason: 'sent again since: that send tells the client' };
  return { send: true, quote };
}

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const day = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});

/** The mail telling a client that a quote waits for them in their portal. */
export function quoteMailFor(
  input: { quote: QuoteNow; clientName: string; to: string },
  publicUrl: string,
): OutgoingMail {
  const { quote } = input;
  const portal = new URL('/client', publicUrl).toString();
  return {
    to: input.to,
    subject: `Your quote ${quote.quoteNumber} is ready: ${quote.title}`,
    text: [
      `Hello ${input.clientName},`,
      '',
      'We have prepared a quote for you:',
      '',
      `  Quote: ${quote.quoteNumber}`,
      `  For: ${quote.title}`,
      `  Total: ${money.format(quote.totalCents / 100)}`,
      ...(quote.validUntil ? [`  Valid until: ${day.format(new Date(quote.validUntil))} (Alaska time)`] : []),
      '',
      `Read it, and accept or decline it online, under Quotes in your client portal: ${portal}`,
    ].join('\n'),
  };
}

const ZPayload = z.object({ estimateId: z.number().int() });

/** Tells the client, once per send, that a quote waits for their answer in the portal. */
export const estimateSentMail = defineJob({
  id: 'estimate.sent.mail',
  version: 1,
  queue: 'mail',
  payload: ZPayload,
  startedBy: 'EstimateSent',
  payloadFor: (data) => ({ estimateId: data.estimateId }),
  waitsFor: ['users', 'clients'],
  async handle(_payload, ctx: JobContext, deps: EstimateMailDeps) {
    const decision = quoteMailDecision(await deps.readStream(ctx.event.stream), ctx.event.id);
    if (!decision.send) return { sent: false, reason: decision.reason };
    const { quote } = decision;
    const { rows } = await sql<{ name: string; email: string | null }>`
      SELECT c.name, u.email FROM rm.clients c LEFT JOIN rm.users u ON u.id = c.user_id
      WHERE c.id = ${quote.clientId}`.execute(deps.db);
    const client = rows[0];
    if (!client?.email) return { sent: false, reason: 'the client has no portal account' };
    const mail = quoteMailFor({ quote, clientName: client.name, to: client.email }, deps.publicUrl);
    const { messageId } = await ctx.sendMail(mail);
    return { sent: true, messageId };
  },
});
