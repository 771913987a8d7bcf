import { BUSINESS_TIME_ZONE } from '@app/contracts/calendar/time-zone';
import { dollars } from '@app/contracts/estimates/quote-text';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { failureText } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { Button } from '../../../ui/Button';
import { Spinner } from '../../../ui/Spinner';
import { clientQuotesQuery } from './api';
import { QuoteReader } from './QuoteReader';
import { QuoteStateBadge } from './QuoteStateBadge';
import { clientQuotes, quoteState } from './quote-view';

/**
 * The client portal's Quotes view (issue 14, item 5): the quotes we sent them, those waiting for their answer
 * first, each with its state; one opened reads in place, with Accept and Decline while it is open. The list
 * is read again each time the view is shown (a quote sent meanwhile appears).
 */
export function ClientQuotes({ onShowProjects }: { onShowProjects?: () => void }) {
  const query = useQuery({ ...clientQuotesQuery, refetchOnMount: 'always' });
  const [opened, setOpened] = useState<number | null>(null);

  if (opened !== null)
    return <QuoteReader id={opened} onBack={() => setOpened(null)} onShowProjects={onShowProjects} />;

  if (query.isPending)
    return (
      <div className="grid place-items-center py-16">
        <Spinner label="Loading your quotes" />
      </div>
    );
  if (query.isError || query.data === null)
    return (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6 text-red-900">
        <p className="font-semibold">Error Loading Quotes</p>
        <p className="mt-1 text-sm">
          {query.isError
            ? failureText(query.error, 'Your quotes could not be loaded.')
            : 'Please sign in again.'}
        </p>
        <Button variant="outline" className="mt-3" onClick={() => void query.refetch()}>
          Try Again
        </Button>
      </div>
    );

  const now = new Date();
  const quotes = clientQuotes(query.data, now);
  if (quotes.length === 0)
    return (
      <div className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
        <p className="text-base font-semibold text-slate-900">No quotes yet</p>
        <p className="mt-1 text-sm text-slate-700">
          Quotes we send you to review and accept will appear here.
        </p>
      </div>
    );
  return (
    <ul
      aria-label="Your quotes"
      className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white shadow-sm"
    >
      {quotes.map((quote) => {
        const state = quoteState(quote, now);
        const action = state === 'open' ? 'Review & Accept' : 'View';
        return (
          <li key={quote.id} data-testid="client-quote" className="flex flex-wrap items-center gap-3 p-4">
            <div className="min-w-0 flex-1">
              <p className="break-words font-medium text-slate-900">{quote.title}</p>
              <p className="text-sm text-slate-700">
                Quote {quote.quoteNumber} · {dollars(quote.totalCents)}
                {quote.sentAt && ` · sent ${formatDate(quote.sentAt, BUSINESS_TIME_ZONE)}`}
              </p>
            </div>
            <QuoteStateBadge state={state} />
            <Button
              variant={state === 'open' ? 'primary' : 'outline'}
              aria-label={`${action} ${quote.title}`}
              onClick={() => setOpened(quote.id)}
            >
              {action}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
