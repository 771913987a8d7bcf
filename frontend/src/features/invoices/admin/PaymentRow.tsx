import type { TPayment } from '@app/contracts/api/invoices';
import { formatDay } from '../../../lib/format';
import { toast } from '../../../ui/toast-store';
import { PaymentStatusBadge } from '../PaymentStatusBadge';
import { centsToUsd } from '../payment-list';
import { invoicePath } from '../payments-query';

/** The invoice page's full address, as the client would open it. */
const invoiceAddress = (payment: TPayment) =>
  new URL(payment.invoiceUrl || invoicePath(payment.id), window.location.origin).href;

async function copyUrl(payment: TPayment) {
  try {
    await navigator.clipboard.writeText(invoiceAddress(payment));
    toast({ title: 'Copied to clipboard', description: invoiceAddress(payment) });
  } catch {
    toast({ title: 'Copy failed', description: invoiceAddress(payment), variant: 'destructive' });
  }
}

/** The row's small actions: a long list keeps several invoices to a phone's screen. */
const actionBase =
  'inline-flex items-center rounded-md border px-2 py-1 text-xs font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700';
const action = `${actionBase} border-slate-300 bg-white text-slate-900 hover:bg-slate-100`;
const deleteAction = `${actionBase} border-transparent text-red-700 hover:bg-red-50`;

/**
 * One invoice of the Payments list, compact: its number, status and amount; client and project; its description
 * (one line); paid, balance, invoice and due dates; and its actions.
 */
export function PaymentRow({
  payment,
  late,
  onDetails,
  onDelete,
}: {
  payment: TPayment;
  late: boolean;
  onDetails: () => void;
  onDelete: () => void;
}) {
  return (
    <li
      data-testid="payment-row"
      aria-label={`Invoice ${payment.invoiceNumber}`}
      className="space-y-1 rounded-lg border border-slate-200 bg-white px-3 py-2"
    >
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <p className="font-semibold break-all text-slate-900">{payment.invoiceNumber}</p>
        <PaymentStatusBadge status={payment.status} />
        {late && <PaymentStatusBadge status="overdue" />}
        <p className="ml-auto font-semibold text-slate-900">{centsToUsd(payment.amountCents)}</p>
      </div>
      <p className="text-sm break-words text-slate-700">
        {payment.clientName} · {payment.projectTitle}
      </p>
      <p className="truncate text-sm text-slate-600" title={payment.description}>
        {payment.description}
      </p>
      <p className="text-xs text-slate-700">
        <span>Paid {centsToUsd(payment.paidCents)}</span> ·{' '}
        <span>Balance {centsToUsd(payment.balanceCents)}</span> ·{' '}
        <span>Issued {formatDay(payment.invoiceDate)}</span> ·{' '}
        <span className={late ? 'font-medium text-red-700' : undefined}>
          Due {formatDay(payment.dueDate)}
        </span>
      </p>
      <div className="flex flex-wrap gap-1.5 pt-1">
        <a href={invoicePath(payment.id)} target="_blank" rel="noopener noreferrer" className={action}>
          View Invoice
        </a>
        <button type="button" className={action} onClick={() => void copyUrl(payment)}>
          Copy URL
        </button>
        <button type="button" className={action} onClick={onDetails}>
          View details
        </button>
        <button type="button" className={deleteAction} onClick={onDelete}>
          Delete
        </button>
      </div>
    </li>
  );
}
