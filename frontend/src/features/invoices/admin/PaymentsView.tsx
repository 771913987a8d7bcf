import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { failureText } from '../../../lib/api';
import { Button } from '../../../ui/Button';
import { Spinner } from '../../../ui/Spinner';
import { Tabs } from '../../../ui/Tabs';
import { alaskaToday, inTab, overdue, PAYMENT_TABS, paymentStats, tabCounts } from '../payment-list';
import { paymentsQuery } from '../payments-query';
import { ConvertQuoteDialog } from './ConvertQuoteDialog';
import { DeletePaymentDialog } from './DeletePaymentDialog';
import { PaymentDetailsDialog } from './PaymentDetailsDialog';
import { PaymentRow } from './PaymentRow';
import { PaymentStats } from './PaymentStats';
import { RecurringBilling } from './RecurringBilling';
import { SendInvoiceDialog } from './SendInvoiceDialog';
import { StripeInfoDialog } from './StripeInfoDialog';

type Open = { dialog: 'send' | 'convert' | 'stripe' } | { dialog: 'details' | 'delete'; id: number } | null;

/** The admin's Payments view (spec part 2, section 2.8). */
export function PaymentsView() {
  const payments = useQuery(paymentsQuery);
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const rows = payments.data ?? [];
  const todayDay = alaskaToday();
  const counts = tabCounts(rows);
  // Dialogs read the row from the list, so a change shows in them once the list is read again.
  const selected = open && 'id' in open ? rows.find((row) => row.id === open.id) : undefined;

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
      {payments.isPending ? (
        <div className="grid place-items-center py-12">
          <Spinner label="Loading payments" />
        </div>
      ) : payments.isError ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
          <p>{failureText(payments.error, 'Could not load the payments.')}</p>
          <Button variant="outline" className="mt-3" onClick={() => void payments.refetch()}>
            Try Again
          </Button>
        </div>
      ) : (
        <>
          <PaymentStats stats={paymentStats(rows, todayDay)} />
          <Tabs
            label="Payments by status"
            tabs={PAYMENT_TABS.map((tab) => ({
              id: tab.id,
              label: `${tab.label} (${counts[tab.id]})`,
              panel: (shown: boolean) => {
                if (!shown) return null;
                const list = inTab(rows, tab.id);
                return list.length === 0 ? (
                  <p className="py-8 text-center text-sm text-slate-700">No payments recorded</p>
                ) : (
                  <ul className="space-y-3">
                    {list.map((payment) => (
                      <PaymentRow
                        key={payment.id}
                        payment={payment}
                        late={overdue(payment, todayDay)}
                        onDetails={() => setOpen({ dialog: 'details', id: payment.id })}
                        onDelete={() => setOpen({ dialog: 'delete', id: payment.id })}
                      />
                    ))}
                  </ul>
                );
              },
            }))}
          />
        </>
      )}
      <RecurringBilling />
      <SendInvoiceDialog open={open?.dialog === 'send'} onClose={close} />
      <ConvertQuoteDialog open={open?.dialog === 'convert'} onClose={close} />
      <StripeInfoDialog open={open?.dialog === 'stripe'} onClose={close} />
      {selected && open?.dialog === 'details' && <PaymentDetailsDialog payment={selected} onClose={close} />}
      {selected && open?.dialog === 'delete' && <DeletePaymentDialog payment={selected} onClose={close} />}
    </div>
  );
}
