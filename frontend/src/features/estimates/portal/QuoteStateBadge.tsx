import { QUOTE_STATE_BADGES, type QuoteState } from './quote-view';

/** A quote's state for the client: awaiting their answer (amber), accepted (green), declined, expired. */
export function QuoteStateBadge({ state }: { state: QuoteState }) {
  const badge = QUOTE_STATE_BADGES[state];
  return (
    <span
      data-testid="quote-status"
      className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${badge.className}`}
    >
      {badge.label}
    </span>
  );
}
