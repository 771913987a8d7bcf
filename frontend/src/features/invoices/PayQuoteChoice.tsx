import type { TEstimate } from '@app/contracts/api/estimates';
import { depositOf } from '@app/contracts/invoices/rules';
import { useId } from 'react';
import { Button } from '../../ui/Button';
import { type PayChoice, useInvoiceForQuote } from './invoice-for-quote';
import { centsToUsd } from './payment-list';

/**
 * After a client accepts a quote: pay a 30 % deposit or the whole amount. Either makes (or finds) the quote's
 * invoice and opens its page, where the card form or the other ways to pay are.
 */
export function PayQuoteChoice({ quote }: { quote: Pick<TEstimate, 'id' | 'totalCents'> }) {
  const invoice = useInvoiceForQuote();
  const headingId = useId();
  const choose = (choice: PayChoice) =>
    invoice.mutate(
      { estimateId: quote.id, choice },
      { onSuccess: (url) => url && window.location.assign(url) },
    );
  return (
    <section aria-labelledby={headingId} className="mt-3 space-y-2 border-t border-green-200 pt-3">
      <h5 id={headingId} className="font-semibold">
        Payment
      </h5>
      <p>Pay a deposit now to schedule the work, or pay the whole amount.</p>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => choose('deposit')} disabled={invoice.isPending}>
          Pay deposit (30 %) · {centsToUsd(depositOf(quote.totalCents))}
        </Button>
        <Button variant="outline" onClick={() => choose('full')} disabled={invoice.isPending}>
          Pay in full · {centsToUsd(quote.totalCents)}
        </Button>
      </div>
    </section>
  );
}
