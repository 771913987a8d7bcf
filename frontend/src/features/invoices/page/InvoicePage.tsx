import type { TInvoice } from '@app/contracts/api/invoices';
import { PAYMENT_METHOD_LABELS } from '@app/contracts/invoices/rules';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { callFailure } from '../../../lib/failure';
import { formatDay } from '../../../lib/format';
import { Button } from '../../../ui/Button';
import { Spinner } from '../../../ui/Spinner';
import { saveDocumentFile } from '../../documents/api';
import { PaymentStatusBadge } from '../PaymentStatusBadge';
import { alaskaToday, centsToUsd, overdue } from '../payment-list';
import { invoiceIdOf, invoicePdfUrl, invoiceQuery } from '../payments-query';
import { PayInvoiceCard } from './PayInvoiceCard';

/** The invoice page (/invoice/{invoiceId}): admins and the invoice's own client (the server decides). */
export function InvoicePage({ idParam }: { idParam: string }) {
  const id = invoiceIdOf(idParam);
  const invoice = useQuery({ ...invoiceQuery(id ?? 0), enabled: id !== null });
  // Any refusal reads as not found: the server answers 404 to whoever may not see the invoice.
  if (id === null || invoice.isError) return <InvoiceNotFound />;
  if (invoice.isPending)
    return (
      <main className="grid min-h-screen place-items-center bg-slate-50">
        <Spinner label="Loading invoice" />
      </main>
    );
  return <InvoiceDocument invoice={invoice.data} />;
}

function InvoiceNotFound() {
  return (
    <main className="grid min-h-screen place-items-center bg-slate-50 p-6 text-center">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">Invoice Not Found</h1>
        <p className="mt-2 text-slate-700">
          The invoice you are looking for does not exist or has been removed.
        </p>
        <Link to="/" className="mt-6 inline-block font-medium text-blue-700 underline">
          Go to the home page
        </Link>
      </div>
    </main>
  );
}

function InvoiceDocument({ invoice }: { invoice: TInvoice }) {
  const late = overdue(
    { status: invoice.status === 'paid' ? 'completed' : invoice.status, dueDate: invoice.dueDate },
    alaskaToday(),
  );
  const owed = invoice.status !== 'paid' && invoice.balanceCents > 0;
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await saveDocumentFile(invoicePdfUrl(invoice.id), `Invoice-${invoice.invoiceNumber}.pdf`);
    } catch (error) {
      callFailure(error, 'Download failed', 'Could not download the invoice. Please try again.');
    } finally {
      setDownloading(false);
    }
  };
  return (
    <main className="min-h-screen bg-slate-50 px-3 py-6 text-slate-900 sm:px-6">
      <div className="mx-auto max-w-3xl space-y-4">
        <article
          aria-labelledby="invoice-title"
          className="rounded-lg border border-slate-200 bg-white p-4 sm:p-8"
        >
          <header className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-200 pb-4">
            <div className="min-w-0">
              <h1 id="invoice-title" className="text-2xl font-bold">
                Invoice
              </h1>
              <p className="break-all text-slate-700" data-testid="invoice-number">
                {invoice.invoiceNumber}
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <PaymentStatusBadge status={invoice.status} />
              {late && <PaymentStatusBadge status="overdue" />}
            </div>
          </header>
          <dl className="mt-4 grid grid-cols-1 gap-2 text-sm min-[400px]:grid-cols-2">
            <div>
              <dt className="text-slate-600">Invoice date</dt>
              <dd>{formatDay(invoice.invoiceDate)}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Due date</dt>
              <dd className={late ? 'font-semibold text-red-700' : undefined} data-testid="invoice-due">
                {formatDay(invoice.dueDate)}
              </dd>
            </div>
          </dl>
          <div className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2">
            <Party
              title="From"
              lines={[
                invoice.company.name,
                invoice.company.address,
                invoice.company.email,
                invoice.company.phone,
              ]}
            />
            <Party
              title="Bill To"
              lines={[
                invoice.client.name,
                invoice.client.address,
                invoice.client.email,
                invoice.client.phone,
              ]}
            />
          </div>
          <section aria-labelledby="service-title" className="mt-6">
            <h2 id="service-title" className="text-lg font-semibold">
              Service Details
            </h2>
            <div className="mt-2 flex flex-wrap justify-between gap-2 rounded-md bg-slate-50 p-3 text-sm">
              <div className="min-w-0">
                <p className="font-medium break-words">{invoice.project.title}</p>
                <p className="text-slate-700">{invoice.project.type.replaceAll('_', ' ')}</p>
                <p className="mt-1 break-words whitespace-pre-line text-slate-700">
                  {invoice.description || invoice.project.description}
                </p>
              </div>
              <p className="font-semibold">{centsToUsd(invoice.amountCents)}</p>
            </div>
          </section>
          <dl className="mt-6 ml-auto max-w-xs space-y-1 text-sm" data-testid="invoice-totals">
            <Line label="Subtotal">{centsToUsd(invoice.amountCents)}</Line>
            <Line label="Tax">$0.00</Line>
            <Line label="Total" strong>
              {centsToUsd(invoice.amountCents)}
            </Line>
            {invoice.paidCents > 0 && invoice.balanceCents > 0 && (
              <>
                <Line label="Paid">{centsToUsd(invoice.paidCents)}</Line>
                <Line label="Remaining" strong>
                  {centsToUsd(invoice.balanceCents)}
                </Line>
              </>
            )}
          </dl>
          {invoice.payments.length > 0 && (
            <section aria-labelledby="received-title" className="mt-6">
              <h2 id="received-title" className="text-lg font-semibold">
                Payments Received
              </h2>
              <ul className="mt-2 divide-y divide-slate-200 text-sm">
                {invoice.payments.map((entry) => (
                  <li key={entry.paymentId} className="flex flex-wrap justify-between gap-2 py-2">
                    <span>
                      {formatDay(entry.paidAt.slice(0, 10))} ·{' '}
                      {entry.customMethod ?? PAYMENT_METHOD_LABELS[entry.method]}
                    </span>
                    <span className="font-medium">{centsToUsd(entry.amountCents)}</span>
                  </li>
                ))}
              </ul>
            </section>
          )}
          <div className="mt-6">
            <Button variant="outline" onClick={() => void download()} disabled={downloading}>
              Download PDF
            </Button>
          </div>
        </article>
        {owed ? (
          <PayInvoiceCard invoice={invoice} />
        ) : invoice.status === 'paid' || invoice.balanceCents <= 0 ? (
          <section
            role="status"
            className="rounded-lg border border-green-300 bg-green-50 p-4 text-green-950"
          >
            <h2 className="text-lg font-semibold">Payment Complete</h2>
            <p className="mt-1 text-sm">This invoice has been paid in full.</p>
          </section>
        ) : null}
        <section
          aria-labelledby="questions-title"
          className="rounded-lg border border-slate-200 bg-white p-4"
        >
          <h2 id="questions-title" className="text-lg font-semibold">
            Questions?
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            Contact {invoice.company.name} at{' '}
            <a className="font-medium text-blue-700 underline" href={`mailto:${invoice.company.email}`}>
              {invoice.company.email}
            </a>
            {invoice.company.phone && (
              <>
                {' '}
                or{' '}
                <a className="font-medium text-blue-700 underline" href={`tel:${invoice.company.phone}`}>
                  {invoice.company.phone}
                </a>
              </>
            )}
            .
          </p>
        </section>
      </div>
    </main>
  );
}

function Party({ title, lines }: { title: string; lines: (string | null)[] }) {
  return (
    <div className="text-sm">
      <h2 className="font-semibold text-slate-900">{title}</h2>
      {lines
        .filter((line): line is string => Boolean(line))
        .map((line) => (
          <p key={line} className="break-words whitespace-pre-line text-slate-700">
            {line}
          </p>
        ))}
    </div>
  );
}

function Line({ label, children, strong = false }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <div
      className={`flex justify-between gap-4 ${strong ? 'border-t border-slate-200 pt-1 font-semibold' : ''}`}
    >
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
