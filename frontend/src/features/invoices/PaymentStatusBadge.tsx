const STYLES = {
  pending: 'bg-amber-100 text-amber-900',
  completed: 'bg-green-100 text-green-900',
  paid: 'bg-green-100 text-green-900',
  failed: 'bg-red-100 text-red-900',
  overdue: 'bg-red-700 text-white',
} as const;
const LABELS = {
  pending: 'Pending',
  completed: 'Completed',
  paid: 'Paid',
  failed: 'Failed',
  overdue: 'Overdue',
};

/** A payment's or an invoice's status; Overdue is the destructive badge. */
export function PaymentStatusBadge({ status }: { status: keyof typeof STYLES }) {
  return (
    <span
      data-testid="payment-status"
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${STYLES[status]}`}
    >
      {LABELS[status]}
    </span>
  );
}
