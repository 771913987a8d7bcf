import type { TPayment } from '@app/contracts/api/invoices';
import { DELETE_REASON_REQUIRED } from '@app/contracts/api/invoices';
import { useState } from 'react';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { TextArea } from '../../../ui/Field';
import { DELETE_PAYMENT_CONFIRMATION, useDeletePayment } from '../delete-payment';
import { centsToUsd } from '../payment-list';

/** Delete with the spec's confirmation; when money was received for it, the reason is asked too. */
export function DeletePaymentDialog({ payment, onClose }: { payment: TPayment; onClose: () => void }) {
  const remove = useDeletePayment();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const received = payment.paidCents > 0;
  const confirm = () => {
    if (received && reason.trim() === '') return setError(DELETE_REASON_REQUIRED);
    remove.mutate({ id: payment.id, reason: reason.trim() || undefined }, { onSuccess: onClose });
  };
  return (
    <Dialog open onClose={onClose} title={`Delete ${payment.invoiceNumber}`}>
      <p className="text-sm text-slate-800">{DELETE_PAYMENT_CONFIRMATION}</p>
      {received && (
        <div className="mt-3">
          <p className="mb-2 text-sm text-slate-800">
            {centsToUsd(payment.paidCents)} was received for this invoice.
          </p>
          <TextArea
            label="Reason"
            value={reason}
            maxLength={500}
            rows={3}
            error={error}
            onChange={(event) => {
              setReason(event.target.value);
              setError(null);
            }}
          />
        </div>
      )}
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button variant="danger" onClick={confirm} disabled={remove.isPending}>
          Delete Payment
        </Button>
      </div>
    </Dialog>
  );
}
