import type { TPayment } from '@app/contracts/api/invoices';
import { CUSTOM_METHOD_REQUIRED } from '@app/contracts/api/invoices';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type PaymentMethod } from '@app/contracts/invoices/rules';
import { useState } from 'react';
import { formatDay } from '../../../lib/format';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { SelectField, TextField } from '../../../ui/Field';
import { PaymentStatusBadge } from '../PaymentStatusBadge';
import { alaskaToday, centsToUsd, defaultDueDay, overdue } from '../payment-list';
import { useUpdateDueDate } from '../update-due-date';
import { useUpdateMethod } from '../update-method';
import { statusConfirmation, useUpdateStatus } from '../update-status';
import { Ledger } from './Ledger';
import { RecordPaymentForm } from './RecordPaymentForm';

export const METHOD_OPTIONS = PAYMENT_METHODS.map((method) => ({
  value: method,
  label: PAYMENT_METHOD_LABELS[method],
}));

/**
 * Payment Details: the invoice's figures, its method (custom with its text) and due date to edit, Mark
 * Completed / Mark Failed while pending (after a confirmation), Record Payment, and the ledger.
 */
export function PaymentDetailsDialog({ payment, onClose }: { payment: TPayment; onClose: () => void }) {
  const late = overdue(payment, alaskaToday());
  return (
    <Dialog open onClose={onClose} wide title={`Payment Details · ${payment.invoiceNumber}`}>
      <div className="space-y-5">
        <div className="flex flex-wrap items-center gap-2">
          <PaymentStatusBadge status={payment.status} />
          {late && <PaymentStatusBadge status="overdue" />}
        </div>
        <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-2">
          <Item label="Client">{payment.clientName}</Item>
          <Item label="Project">{payment.projectTitle}</Item>
          <Item label="Description">{payment.description}</Item>
          <Item label="Invoice date">{formatDay(payment.invoiceDate)}</Item>
          <Item label="Amount">{centsToUsd(payment.amountCents)}</Item>
          <Item label="Paid">{centsToUsd(payment.paidCents)}</Item>
          <Item label="Balance">{centsToUsd(payment.balanceCents)}</Item>
          <Item label="Due date">
            <span className={late ? 'font-medium text-red-700' : undefined}>
              {formatDay(payment.dueDate)}
            </span>
          </Item>
        </dl>
        <StatusActions payment={payment} />
        <MethodEditor payment={payment} />
        <DueDateEditor payment={payment} />
        {payment.status !== 'failed' && payment.balanceCents > 0 && <RecordPaymentForm payment={payment} />}
        <Ledger invoiceId={payment.id} />
      </div>
    </Dialog>
  );
}

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-slate-600">{label}</dt>
      <dd className="break-words text-slate-900">{children}</dd>
    </div>
  );
}

function StatusActions({ payment }: { payment: TPayment }) {
  const update = useUpdateStatus();
  const [status, setStatus] = useState<string>(payment.status);
  const change = (next: TPayment['status']) => {
    if (window.confirm(statusConfirmation(next))) update.mutate({ id: payment.id, status: next });
  };
  return (
    <section aria-label="Status" className="space-y-2">
      <h3 className="font-semibold text-slate-900">Status</h3>
      {payment.status === 'pending' && (
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => change('completed')} disabled={update.isPending}>
            Mark Completed
          </Button>
          <Button variant="danger" onClick={() => change('failed')} disabled={update.isPending}>
            Mark Failed
          </Button>
        </div>
      )}
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-40 flex-1">
          <SelectField
            label="Change status"
            value={status}
            onChange={(event) => setStatus(event.target.value)}
            options={[
              { value: 'pending', label: 'Pending' },
              { value: 'completed', label: 'Completed' },
              { value: 'failed', label: 'Failed' },
            ]}
          />
        </div>
        <Button
          variant="outline"
          disabled={update.isPending || status === payment.status}
          onClick={() => change(status as TPayment['status'])}
        >
          Save Status
        </Button>
      </div>
    </section>
  );
}

function MethodEditor({ payment }: { payment: TPayment }) {
  const update = useUpdateMethod();
  const [method, setMethod] = useState<PaymentMethod>(payment.paymentMethod ?? 'cash');
  const [custom, setCustom] = useState(payment.customMethod ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = () => {
    if (method === 'custom' && custom.trim() === '') return setError(CUSTOM_METHOD_REQUIRED);
    update.mutate({
      id: payment.id,
      paymentMethod: method,
      customMethod: method === 'custom' ? custom.trim() : undefined,
    });
  };
  return (
    <section aria-label="Payment method" className="space-y-2">
      <h3 className="font-semibold text-slate-900">Payment method</h3>
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-40 flex-1">
          <SelectField
            label="Method"
            value={method}
            options={METHOD_OPTIONS}
            onChange={(event) => {
              setMethod(event.target.value as PaymentMethod);
              setError(null);
            }}
          />
        </div>
        {method === 'custom' && (
          <div className="min-w-40 flex-1">
            <TextField
              label="Custom method"
              value={custom}
              maxLength={100}
              error={error}
              onChange={(event) => {
                setCustom(event.target.value);
                setError(null);
              }}
            />
          </div>
        )}
        <Button variant="outline" onClick={save} disabled={update.isPending}>
          Save Method
        </Button>
      </div>
    </section>
  );
}

function DueDateEditor({ payment }: { payment: TPayment }) {
  const update = useUpdateDueDate();
  const [dueDate, setDueDate] = useState(payment.dueDate || defaultDueDay());
  const [error, setError] = useState<string | null>(null);
  const save = () => {
    if (!dueDate) return setError('Please choose a due date');
    update.mutate({ id: payment.id, dueDate });
  };
  return (
    <section aria-label="Due date" className="space-y-2">
      <h3 className="font-semibold text-slate-900">Due date</h3>
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-40 flex-1">
          <TextField
            label="New due date"
            type="date"
            value={dueDate}
            error={error}
            onChange={(event) => {
              setDueDate(event.target.value);
              setError(null);
            }}
          />
        </div>
        <Button variant="outline" onClick={() => setDueDate(defaultDueDay())}>
          Today + 30 days
        </Button>
        <Button variant="outline" onClick={save} disabled={update.isPending}>
          Save Due Date
        </Button>
      </div>
    </section>
  );
}
