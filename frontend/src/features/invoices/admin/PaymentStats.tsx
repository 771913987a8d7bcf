import { centsToUsd } from '../payment-list';

/** The stat cards: total invoiced, paid, pending and overdue (dollars with 2 decimals), from the server's kept sums. */
export function PaymentStats({
  stats,
}: {
  stats: { totalCents: number; paidCents: number; pendingCents: number; overdueCents: number };
}) {
  const cards = [
    { id: 'total', label: 'Total Invoiced', cents: stats.totalCents },
    { id: 'paid', label: 'Paid', cents: stats.paidCents },
    { id: 'pending', label: 'Pending', cents: stats.pendingCents },
    { id: 'overdue', label: 'Overdue', cents: stats.overdueCents },
  ];
  return (
    <dl className="grid grid-cols-2 gap-2 sm:gap-3 xl:grid-cols-4">
      {cards.map((card) => (
        <div key={card.id} className="min-w-0 rounded-lg border border-slate-200 bg-white p-3 sm:p-4">
          <dt className="text-sm font-medium text-slate-700">{card.label}</dt>
          <dd
            data-testid={`payments-stat-${card.id}`}
            className={`mt-1 text-lg font-semibold break-words sm:text-2xl ${card.id === 'overdue' && card.cents > 0 ? 'text-red-700' : 'text-slate-900'}`}
          >
            {centsToUsd(card.cents)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
