import type { TEstimate } from '@app/contracts/api/estimates';
import { propertyTypeLabel } from '@app/contracts/estimates/pricing';
import {
  type BreakdownLine,
  breakdownLines,
  dollars,
  quoteTerms,
  totalLines,
} from '@app/contracts/estimates/quote-text';
import type { ReactNode } from 'react';
import { QuoteStateBadge } from './QuoteStateBadge';
import { alaskaTime, type QuoteState, scopeLine } from './quote-view';

/**
 * Exactly what the client agrees to: number, title, description, the priced lines and the total, timeline,
 * recommendations, special requirements, validity in Alaska time, and the terms.
 */
export function QuoteDocument({ quote, state }: { quote: TEstimate; state: QuoteState }) {
  const terms = quoteTerms(quote);
  return (
    <article aria-labelledby="quote-title" className="space-y-5" data-testid="quote-document">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-700">
            Quote <span data-testid="quote-number">{quote.quoteNumber}</span>
          </p>
          <h3 id="quote-title" className="break-words text-xl font-semibold text-slate-900">
            {quote.title}
          </h3>
          <p className="break-words text-sm text-slate-700">{scopeLine(quote)}</p>
        </div>
        <QuoteStateBadge state={state} />
      </header>

      {quote.description && (
        <p className="whitespace-pre-line break-words text-slate-800">{quote.description}</p>
      )}

      <Part title="Price">
        <table className="w-full text-sm" data-testid="quote-breakdown">
          <caption className="sr-only">Price breakdown of quote {quote.quoteNumber}</caption>
          <thead className="sr-only">
            <tr>
              <th scope="col">Item</th>
              <th scope="col">Amount</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {breakdownLines(quote).map((line) => (
              <Line key={`${line.item}-${line.detail}`} line={line} />
            ))}
          </tbody>
          <tfoot className="border-t-2 border-slate-300">
            {totalLines(quote).map((line) => (
              <Line key={line.item} line={line} total={line.item === 'Total'} />
            ))}
          </tfoot>
        </table>
        {quote.multiplier !== 1 && (
          <p className="mt-1 text-xs text-slate-600">
            Installation amounts include the {propertyTypeLabel(quote.propertyType)} property rate (x
            {quote.multiplier}).
          </p>
        )}
      </Part>

      <dl className="grid gap-4 sm:grid-cols-2">
        <div>
          <dt className="text-sm font-semibold text-slate-900">Timeline</dt>
          <dd className="text-sm text-slate-800">{quote.timeline}</dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-slate-900">Valid until</dt>
          <dd className="text-sm text-slate-800" data-testid="quote-valid-until">
            {alaskaTime(quote.validUntil)}
          </dd>
        </div>
      </dl>

      {quote.recommendations.length > 0 && (
        <Part title="Recommendations">
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-800">
            {quote.recommendations.map((text) => (
              <li key={text} className="break-words">
                {text}
              </li>
            ))}
          </ul>
        </Part>
      )}

      {quote.specialRequirements.trim() && (
        <Part title="Special requirements">
          <p className="whitespace-pre-line break-words text-sm text-slate-800">
            {quote.specialRequirements}
          </p>
        </Part>
      )}

      <Part title="Terms">
        <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-800" data-testid="quote-terms">
          {terms.map((term) => (
            <li key={term}>{term}</li>
          ))}
        </ol>
      </Part>
    </article>
  );
}

/** One line of the breakdown: the item, its details under it, the amount on the right. */
function Line({ line, total = false }: { line: BreakdownLine; total?: boolean }) {
  return (
    <tr data-testid={total ? 'quote-total' : undefined}>
      <th
        scope="row"
        className={`break-words py-2 pr-3 text-left ${total ? 'text-base font-semibold' : 'font-normal'} text-slate-900`}
      >
        {line.item}
        {line.detail && <span className="block text-xs font-normal text-slate-700">{line.detail}</span>}
      </th>
      <td
        className={`whitespace-nowrap py-2 text-right tabular-nums text-slate-900 ${total ? 'text-base font-semibold' : ''}`}
      >
        {dollars(line.cents)}
      </td>
    </tr>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h4 className="mb-1 text-base font-semibold text-slate-900">{title}</h4>
      {children}
    </section>
  );
}
