import type { TPayment } from '@app/contracts/api/invoices';
import { formatDate, formatUsd } from '../../../lib/format';
import { humanStatus } from './portal-view';
import { Empty, Section, StatusPill } from './Section';

export function PaymentsTab({ payments }: { payments: readonly TPayment[] }) {
  return (
    <Section title="Payments">
      {payments.length === 0 ? (
        <Empty>No payments recorded</Empty>
      ) : (
        <ul className="divide-y divide-slate-200">
          {payments.map((payment) => (
            <li key={payment.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <div>
                <p className="font-semibold text-slate-900">{formatUsd(payment.amount)}</p>
                <p className="text-sm text-slate-700">
                  {payment.description ? `${payment.description} · ` : ''}
                  {formatDate(payment.createdAt)}
                </p>
              </div>
              <StatusPill status={payment.status} label={humanStatus(payment.status)} />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
