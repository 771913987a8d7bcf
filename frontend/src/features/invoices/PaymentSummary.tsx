import type { TPayment } from '@app/contracts/api/invoices';
import { formatDay } from '../../lib/format';
import { PaymentStatusBadge } from './PaymentStatusBadge';
import { centsToUsd } from './payment-list';

/**
 * An invoice as a list shows it, in the admin's Payments view and the client's portal alike: its number, who
 * or what it is for, its status (and Overdue), and the amount, paid, balance and due date.
 */
export function PaymentSummary({
  payment,
  subtitle,
  late,
}: {
  payment: TPayment;
  subtitle: string;
  late: boolean;
}) {
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold break-words text-slate-900">{payment.invoiceNumber}</p>
          <p className="text-sm break-words text-slate-700">{subtitle}</p>
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
    </>
  );
}
