import { type TEstimate, ZAcceptQuoteBody, ZDeclineQuoteBody } from '@app/contracts/api/estimates';
import { BUSINESS_TIME_ZONE } from '@app/contracts/calendar/time-zone';
import { propertyTypeLabel } from '@app/contracts/estimates/pricing';

/**
 * How the client's portal reads a quote: its state for them (as the server decides it), the pending count,
 * the order of the list, the scope in one line, instants in Alaska time, and the answer's checks. Pure.
 */

/**
 * A sent quote is open up to and including its validUntil (the server refuses an answer only after it); then
 * it has expired, whatever the status says.
 */
export type QuoteState = 'open' | 'expired' | 'accepted' | 'declined';

export function quoteState(quote: Pick<TEstimate, 'status' | 'validUntil'>, now: Date): QuoteState {
  if (quote.status === 'accepted' || quote.status === 'declined') return quote.status;
  const until = Date.parse(quote.validUntil);
  return Number.isNaN(until) || now.getTime() > until ? 'expired' : 'open';
}

export const QUOTE_STATE_BADGES: Record<QuoteState, { label: string; className: string }> = {
  open: { label: 'Awaiting your answer', className: 'bg-amber-100 text-amber-900' },
  expired: { label: 'Expired', className: 'bg-slate-200 text-slate-800' },
  accepted: { label: 'Accepted', className: 'bg-green-100 text-green-900' },
  declined: { label: 'Declined', className: 'bg-red-100 text-red-900' },
};

/**
 * The quotes the client sees: sent, accepted or declined (a draft was never sent to them, whatever a list
 * holds), those waiting for their answer first (the one expiring soonest on top), then the newest sent.
 */
export function clientQuotes(quotes: readonly TEstimate[], now: Date): TEstimate[] {
  const open = (quote: TEstimate) => quoteState(quote, now) === 'open';
  return quotes
    .filter((quote) => quote.status !== 'draft')
    .sort(
      (a, b) =>
        Number(open(b)) - Number(open(a)) ||
        (open(a) ? a.validUntil.localeCompare(b.validUntil) : 0) ||
        (b.sentAt ?? b.createdAt).localeCompare(a.sentAt ?? a.createdAt),
    );
}

/** The sidebar's count: quotes sent to the client, not expired, not yet answered. */
export const pendingQuoteCount = (quotes: readonly TEstimate[], now: Date) =>
  quotes.filter((quote) => quote.status === 'sent' && quoteState(quote, now) === 'open').length;

/** What is installed and where, in one line: "House · 6 wired cameras · Starlink · Nome". */
export function scopeLine(quote: TEstimate): string {
  const parts = [propertyTypeLabel(quote.propertyType)];
  if (quote.cameraType !== 'none' && quote.cameraCount > 0)
    parts.push(`${quote.cameraCount} ${quote.cameraType} camera${quote.cameraCount === 1 ? '' : 's'}`);
  if (quote.starlinkInstall) parts.push('Starlink');
  if (quote.location.trim()) parts.push(quote.location.trim());
  return parts.join(' · ');
}

const alaska = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** An instant in Alaska time, with its zone: "January 14, 2027 at 10:15 AM AKST". */
export function alaskaTime(iso: string): string {
  const instant = new Date(iso);
  return Number.isNaN(instant.getTime()) ? iso : alaska.format(instant);
}

/** The typed name's problem by the server's own rule ('Please type your full name'), or null. */
export function signerNameProblem(name: string): string | null {
  const parsed = ZAcceptQuoteBody.shape.signerName.safeParse(name.trim());
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Please type your full name');
}

/** The decline reason's problem by the server's own rule ('Please tell us why you are declining'), or null. */
export function declineReasonProblem(reason: string): string | null {
  const parsed = ZDeclineQuoteBody.shape.reason.safeParse(reason.trim());
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Please tell us why you are declining');
}
