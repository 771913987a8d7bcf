import { ZCreateBillingPlanBody } from '@app/contracts/api/billing';
import { BILLING_SERVICE_LABELS, BILLING_SERVICES } from '@app/contracts/billing/rules';
import { useState } from 'react';
import { type FieldErrors, firstMessagePerField } from '../../../lib/field-errors';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { SelectField, TextArea, TextField } from '../../../ui/Field';
import { type PickedProject, ProjectPicker } from '../../projects/ProjectPicker';
import { useCreateBillingPlan } from '../billing-plans';
import { alaskaToday } from '../payment-list';

type Field = 'projectId' | 'service' | 'description' | 'amount' | 'interval' | 'firstBillingDay';
const blank = () => ({
  service: '',
  description: '',
  amount: '',
  interval: 'monthly',
  firstBillingDay: alaskaToday(),
});

/** New Plan: a client's project, the service, what the invoice says, the amount, monthly or yearly, from when. */
export function NewPlanDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const create = useCreateBillingPlan();
  const [form, setForm] = useState(blank);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [project, setProject] = useState<PickedProject | null>(null);
  const set = (field: Field) => (event: { target: { value: string } }) => {
    setForm((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const close = () => {
    setForm(blank());
    setProject(null);
    setErrors({});
    onClose();
  };
  const submit = () => {
    const body = {
      clientId: project?.clientId ?? 0,
      projectId: project?.id ?? 0,
      service: form.service as (typeof BILLING_SERVICES)[number],
      description: form.description.trim(),
      amount: form.amount,
      interval: form.interval as 'monthly' | 'yearly',
      firstBillingDay: form.firstBillingDay,
    };
    const parsed = ZCreateBillingPlanBody.safeParse(body);
    if (!project) return setErrors({ projectId: 'Please select a job/project' });
    if (!parsed.success) return setErrors(firstMessagePerField<Field>(parsed.error.issues));
    create.mutate(body, { onSuccess: close });
  };

  return (
    <Dialog open={open} onClose={close} title="New Billing Plan">
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
          projectId={project?.id ?? null}
          onChange={(picked) => {
            setProject(picked);
            setErrors((current) => ({ ...current, projectId: undefined }));
          }}
          error={errors.projectId}
        />
        <SelectField
          label="Service"
          value={form.service}
          onChange={set('service')}
          placeholder="Select a service"
          options={BILLING_SERVICES.map((service) => ({
            value: service,
            label: BILLING_SERVICE_LABELS[service],
          }))}
          error={errors.service}
        />
        <TextArea
          label="Description"
          rows={2}
          maxLength={2000}
          value={form.description}
          onChange={set('description')}
          error={errors.description}
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
        <SelectField
          label="Interval"
          value={form.interval}
          onChange={set('interval')}
          options={[
            { value: 'monthly', label: 'Monthly' },
            { value: 'yearly', label: 'Yearly' },
          ]}
          error={errors.interval}
        />
        <TextField
          label="First billing day"
          type="date"
          value={form.firstBillingDay}
          onChange={set('firstBillingDay')}
          error={errors.firstBillingDay}
        />
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            Create Plan
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
