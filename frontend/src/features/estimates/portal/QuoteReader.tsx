import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api';
import { callFailure } from '../../../lib/failure';
import { Button } from '../../../ui/Button';
import { Spinner } from '../../../ui/Spinner';
import { saveDocumentFile } from '../../documents/api';
import { quotePdfUrl, quoteQuery } from './api';
import { QuoteAnswer } from './QuoteAnswer';
import { QuoteDocument } from './QuoteDocument';
import { quoteState } from './quote-view';

/**
 * One quote as the client reads it (GET /api/estimates/{id}): the whole quote, its PDF, and their answer.
 * It is read afresh each time it is opened, so an expiry or an answer given elsewhere shows.
 */
export function QuoteReader({
  id,
  onBack,
  onShowProjects,
}: {
  id: number;
  onBack: () => void;
  onShowProjects?: () => void;
}) {
  const query = useQuery({ ...quoteQuery(id), refetchOnMount: 'always' });
  const [downloading, setDownloading] = useState(false);
  // Opening a quote replaces the list: focus moves to the reader, as it would to a new page.
  const top = useRef<HTMLElement>(null);
  useEffect(() => top.current?.focus(), []);

  const back = (
    <Button variant="outline" onClick={onBack}>
      Back to Quotes
    </Button>
  );
  let body: ReactNode;
  if (query.isPending)
    body = (
      <div className="grid place-items-center py-10">
        <Spinner label="Loading quote" />
      </div>
    );
  else if (query.isError)
    body = (
      <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-900">
        {query.error instanceof ApiError && query.error.status === 404 ? (
          <p>Quote not found</p>
        ) : (
          <>
            <p>The quote could not be loaded. Please try again.</p>
            <Button variant="outline" className="mt-2" onClick={() => void query.refetch()}>
              Try Again
            </Button>
          </>
        )}
      </div>
    );
  else if (query.data === null)
    body = (
      <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-900">
        Please sign in again.
      </p>
    );
  else {
    const quote = query.data;
    const state = quoteState(quote, new Date());
    const download = async () => {
      setDownloading(true);
      try {
        await saveDocumentFile(quotePdfUrl(quote.id), `Quote ${quote.quoteNumber}.pdf`);
      } catch (error) {
        callFailure(error, 'Download failed', 'The quote PDF could not be downloaded. Please try again.');
      } finally {
        setDownloading(false);
      }
    };
    body = (
      <div className="space-y-5 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={download} disabled={downloading}>
            {downloading ? 'Downloading...' : 'Download PDF'}
          </Button>
        </div>
        <QuoteDocument quote={quote} state={state} />
        <QuoteAnswer quote={quote} state={state} onShowProjects={onShowProjects} />
      </div>
    );
  }

  return (
    <section ref={top} tabIndex={-1} className="space-y-4 outline-none" aria-label="Quote">
      {back}
      {body}
    </section>
  );
}
