import type { TPayment } from '@app/contracts/api/invoices';
import type { PaymentStatus } from '@app/contracts/invoices/rules';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { failureText } from '../../../lib/api';
import { usePagedList, useSettled } from '../../../lib/paged-list';
import { Button } from '../../../ui/Button';
import { PagedFooter } from '../../../ui/ShowMore';
import { Spinner } from '../../../ui/Spinner';
import { Tabs } from '../../../ui/Tabs';
import { alaskaToday, overdue, PAYMENT_TABS } from '../payment-list';
import { PAYMENTS_KEY } from '../payments-query';
import { ConvertQuoteDialog } from './ConvertQuoteDialog';
import { DeletePaymentDialog } from './DeletePaymentDialog';
import { PaymentDetailsDialog } from './PaymentDetailsDialog';
import { PaymentFiltersBar } from './PaymentFiltersBar';
import { PaymentRow } from './PaymentRow';
import { PaymentStats } from './PaymentStats';
import {
  isFiltered,
  NO_PAYMENT_FILTERS,
  type PaymentFilters,
  paymentStatsQuery,
  paymentsParams,
  showingText,
} from './payments-filters';
import { RecurringBilling } from './RecurringBilling';
import { SendInvoiceDialog } from './SendInvoiceDialog';
import { StripeInfoDialog } from './StripeInfoDialog';

type Open = { dialog: 'send' | 'convert' | 'stripe' } | null;

/**
 * The admin's Payments view (spec part 2, section 2.8): the figures and the tabs' counts from the server's kept
 * sums; search, client and invoice dates above the tabs; each tab's list paged, searched and filtered by the
 * server (issue 23), newest first.
 */
export function PaymentsView() {
  const [open, setOpen] = useState<Open>(null);
  const [filters, setFilters] = useState(NO_PAYMENT_FILTERS);
  const settled = useSettled(filters);
  const stats = useQuery(paymentStatsQuery);
  const close = () => setOpen(null);
  const counts = stats.data?.counts;
  // The kept counts are the whole business's: a tab says its count only while nothing else narrows the list.
  const label = (tab: (typeof PAYMENT_TABS)[number]) =>
    counts && !isFiltered(settled) ? `${tab.label} (${counts[tab.id]})` : tab.label;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-semibold text-slate-900">Payments</h2>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => setOpen({ dialog: 'send' })}>Send Invoice for Existing Job</Button>
          <Button variant="outline" onClick={() => setOpen({ dialog: 'convert' })}>
            Convert Quote to Invoice
          </Button>
          <Button variant="outline" onClick={() => setOpen({ dialog: 'stripe' })}>
            Card Payment Settings
          </Button>
        </div>
      </div>
      {stats.isPending ? (
        <div className="grid place-items-center py-12">
          <Spinner label="Loading payments" />
        </div>
      ) : stats.isError ? (
        <Failure error={stats.error} retry={() => void stats.refetch()} />
      ) : (
        <>
          <PaymentStats stats={stats.data} />
          <PaymentFiltersBar value={filters} onChange={setFilters} />
          <Tabs
            label="Payments by status"
            tabs={PAYMENT_TABS.map((tab) => ({
              id: tab.id,
              label: label(tab),
              panel: (shown: boolean) => shown && <PaymentsList status={tab.id} filters={settled} />,
            }))}
          />
        </>
      )}
      <RecurringBilling />
      <SendInvoiceDialog open={open?.dialog === 'send'} onClose={close} />
      <ConvertQuoteDialog open={open?.dialog === 'convert'} onClose={close} />
      <StripeInfoDialog open={open?.dialog === 'stripe'} onClose={close} />
    </div>
  );
}

type RowDialog = { dialog: 'details' | 'delete'; id: number } | null;

/** One tab's invoices, page after page ("Show More"), with the details and delete dialogs of its rows. */
function PaymentsList({ status, filters }: { status: PaymentStatus | 'all'; filters: PaymentFilters }) {
  const params = paymentsParams(filters, status);
  const query = usePagedList<TPayment>(PAYMENTS_KEY, params);
  const [open, setOpen] = useState<RowDialog>(null);
  const close = () => setOpen(null);
  const todayDay = alaskaToday();
  const rows = query.items;
  // Dialogs read the row from the list, so a change shows in them once the list is read again.
  const selected = open ? rows.find((row) => row.id === open.id) : undefined;

  if (query.isPending)
    return (
      <div className="grid place-items-center py-12">
        <Spinner label="Loading payments" />
      </div>
    );
  if (query.isError) return <Failure error={query.error} retry={() => void query.refetch()} />;
  return (
    <div className="space-y-3">
      {rows.length === 0 ? (
        <p className="py-8 text-center text-sm text-slate-700">
          {isFiltered(filters) ? 'No invoices match the search and filters.' : 'No payments recorded'}
        </p>
      ) : (
        <ul aria-label="Invoices" className="space-y-2">
          {rows.map((payment) => (
            <PaymentRow
              key={payment.id}
              payment={payment}
              late={overdue(payment, todayDay)}
              onDetails={() => setOpen({ dialog: 'details', id: payment.id })}
              onDelete={() => setOpen({ dialog: 'delete', id: payment.id })}
            />
          ))}
        </ul>
      )}
      <PagedFooter list={query} shown={rows.length} showing={showingText} label="Show More Invoices" />
      {selected && open?.dialog === 'details' && <PaymentDetailsDialog payment={selected} onClose={close} />}
      {selected && open?.dialog === 'delete' && <DeletePaymentDialog payment={selected} onClose={close} />}
    </div>
  );
}

function Failure({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
      <p>{failureText(error, 'Could not load the payments.')}</p>
      <Button variant="outline" className="mt-3" onClick={retry}>
        Try Again
      </Button>
    </div>
  );
}
