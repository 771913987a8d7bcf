import type { TPayment } from '@app/contracts/api/invoices';
import { formatDay } from '../../../lib/format';
import { Button, buttonClass } from '../../../ui/Button';
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

/** One invoice of the Payments list, with its actions. */
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
      className="space-y-2 rounded-lg border border-slate-200 bg-white p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold break-words text-slate-900">{payment.invoiceNumber}</p>
          <p className="text-sm break-words text-slate-700">
            {payment.clientName} · {payment.projectTitle}
          </p>
        </div>
        <div className="flex flex-wrap gap-1">
          <PaymentStatusBadge status={payment.status} />
          {late && <PaymentStatusBadge status="overdue" />}
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-slate-600">Amount</dt>
          <dd className="font-medium text-slate-900">{centsToUsd(payment.amountCents)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Paid</dt>
          <dd className="text-slate-900">{centsToUsd(payment.paidCents)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Balance</dt>
          <dd className="text-slate-900">{centsToUsd(payment.balanceCents)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Due</dt>
          <dd className={late ? 'font-medium text-red-700' : 'text-slate-900'}>
            {formatDay(payment.dueDate)}
          </dd>
        </div>
      </dl>
      <div className="flex flex-wrap gap-2">
        <a
          href={invoicePath(payment.id)}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClass('outline', 'px-3 py-1.5')}
        >
          View Invoice
        </a>
        <Button variant="outline" className="px-3 py-1.5" onClick={() => void copyUrl(payment)}>
          Copy URL
        </Button>
        <Button variant="outline" className="px-3 py-1.5" onClick={onDetails}>
          View details
        </Button>
        <Button variant="ghost" className="px-3 py-1.5 text-red-700" onClick={onDelete}>
          Delete
        </Button>
      </div>
    </li>
  );
}
