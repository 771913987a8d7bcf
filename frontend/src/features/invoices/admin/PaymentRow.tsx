import type { TPayment } from '@app/contracts/api/invoices';
import { Button, buttonClass } from '../../../ui/Button';
import { toast } from '../../../ui/toast-store';
import { PaymentSummary } from '../PaymentSummary';
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
      <PaymentSummary
        payment={payment}
        subtitle={`${payment.clientName} · ${payment.projectTitle}`}
        late={late}
      />
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
