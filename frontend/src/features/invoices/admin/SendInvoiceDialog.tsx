import { ZCreateInvoiceBody } from '@app/contracts/api/invoices';
import { useState } from 'react';
import { type FieldErrors, firstMessagePerField } from '../../../lib/field-errors';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { TextArea, TextField } from '../../../ui/Field';
import { ProjectPicker } from '../../projects/ProjectPicker';
import { useCreateInvoice } from '../create-invoice';
import { defaultDueDay } from '../payment-list';

type Field = 'projectId' | 'amount' | 'description' | 'invoiceNumber' | 'dueDate';
const blank = () => ({
  projectId: '',
  amount: '',
  description: '',
  invoiceNumber: '',
  dueDate: defaultDueDay(),
});

/**
 * Send Invoice for Existing Job (section 5): a project found by typing (not one of type invoice), the amount in dollars, a
 * description, an optional invoice number (the month's next one when empty) and the due date (today + 30).
 */
export function SendInvoiceDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const create = useCreateInvoice();
  const [form, setForm] = useState(blank);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const set = (field: Field) => (event: { target: { value: string } }) => {
    setForm((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const close = () => {
    setForm(blank());
    setErrors({});
    onClose();
  };
  const submit = () => {
    const body = {
      projectId: form.projectId === '' ? '' : Number(form.projectId),
      amount: form.amount,
      description: form.description.trim(),
      invoiceNumber: form.invoiceNumber,
      dueDate: form.dueDate || undefined,
      status: 'pending' as const,
    };
    const parsed = ZCreateInvoiceBody.safeParse(body);
    if (!parsed.success) return setErrors(firstMessagePerField<Field>(parsed.error.issues));
    create.mutate(body, { onSuccess: close });
  };

  return (
    <Dialog open={open} onClose={close} title="Send Invoice for Existing Job">
      <form
        noValidate
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <ProjectPicker
          label="Job / Project"
          exceptType="invoice"
          placeholder="Type a job title or client"
          projectId={form.projectId === '' ? null : Number(form.projectId)}
          onChange={(project) => set('projectId')({ target: { value: project ? String(project.id) : '' } })}
          error={errors.projectId}
        />
        <TextField
          label="Amount ($)"
          type="number"
          inputMode="decimal"
          min="0.01"
          step="0.01"
          value={form.amount}
          onChange={set('amount')}
          error={errors.amount}
        />
        <TextArea
          label="Description"
          rows={3}
          maxLength={2000}
          value={form.description}
          onChange={set('description')}
          error={errors.description}
        />
        <TextField
          label="Invoice number (optional)"
          hint="Left empty, the next number of the month (INV-YYYYMM-NNN)."
          value={form.invoiceNumber}
          maxLength={30}
          onChange={set('invoiceNumber')}
          error={errors.invoiceNumber}
        />
        <TextField
          label="Due date"
          type="date"
          value={form.dueDate}
          onChange={set('dueDate')}
          error={errors.dueDate}
        />
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            Send Invoice
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
