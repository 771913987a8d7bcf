import type { TPayment } from '@app/contracts/api/invoices';
import { CUSTOM_METHOD_REQUIRED } from '@app/contracts/api/invoices';
import { ZDollarsToCents } from '@app/contracts/api/primitives';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '@app/contracts/invoices/rules';
import { useState } from 'react';
import { Button } from '../../../ui/Button';
import { SelectField, TextField } from '../../../ui/Field';
import { centsToDollarText, centsToUsd } from '../payment-list';
import { useRecordPayment } from '../record-payment';

/** Money received outside the card form; Stripe's own payments are recorded by its webhook, not typed. */
const OFFLINE: PaymentMethod[] = ['cash', 'check', 'venmo', 'cashapp', 'paypal', 'card', 'custom'];

/** Record Payment: the method, and an amount for a part payment (empty: the whole balance). */
export function RecordPaymentForm({ payment }: { payment: TPayment }) {
  const record = useRecordPayment();
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [custom, setCustom] = useState('');
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; custom?: string }>({});
  const submit = () => {
    const problems: typeof errors = {};
    if (method === 'custom' && custom.trim() === '') problems.custom = CUSTOM_METHOD_REQUIRED;
    if (amount.trim() !== '') {
      const parsed = ZDollarsToCents.safeParse(amount);
      if (!parsed.success) problems.amount = parsed.error.issues[0]?.message;
      else if (parsed.data > payment.balanceCents)
        problems.amount = `At most the balance, ${centsToUsd(payment.balanceCents)}`;
    }
    setErrors(problems);
    if (problems.amount || problems.custom) return;
    record.mutate(
      {
        id: payment.id,
        body: {
          paymentMethod: method,
          customMethod: method === 'custom' ? custom.trim() : undefined,
          transactionId: reference.trim() || undefined,
          amount: amount.trim() || undefined,
        },
      },
      {
        onSuccess: () => {
          setAmount('');
          setReference('');
        },
      },
    );
  };
  return (
    <section aria-label="Record Payment" className="space-y-2 rounded-md border border-slate-200 p-3">
      <h3 className="font-semibold text-slate-900">Record Payment</h3>
      <p className="text-sm text-slate-700">Money received in person or by another service.</p>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        <SelectField
          label="Received by"
          value={method}
          options={OFFLINE.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }))}
          onChange={(event) => setMethod(event.target.value as PaymentMethod)}
        />
        {method === 'custom' && (
          <TextField
            label="Custom method"
            value={custom}
            maxLength={100}
            error={errors.custom}
            onChange={(event) => setCustom(event.target.value)}
          />
        )}
        <TextField
          label="Amount received ($)"
          type="number"
          inputMode="decimal"
          min="0.01"
          step="0.01"
          placeholder={centsToDollarText(payment.balanceCents)}
          hint="Empty: the whole balance."
          value={amount}
          error={errors.amount}
          onChange={(event) => setAmount(event.target.value)}
        />
        <TextField
          label="Reference (optional)"
          hint="A check number or a transaction id."
          value={reference}
          maxLength={200}
          onChange={(event) => setReference(event.target.value)}
        />
      </div>
      <Button onClick={submit} disabled={record.isPending}>
        Record Payment
      </Button>
    </section>
  );
}
