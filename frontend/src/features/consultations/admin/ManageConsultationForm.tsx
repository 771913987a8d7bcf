import { CONSULTATION_STATUSES, type TConsultation } from '@app/contracts/api/consultations';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../ui/Button';
import { SelectField, TextArea } from '../../../ui/Field';
import { type ConsultationStatus, managePatch, manageSaveLabel } from './consultation-list';
import { STATUS_LABELS } from './labels';
import { useUpdateConsultation } from './update-consultation';

const STATUS_OPTIONS = CONSULTATION_STATUSES.map((status) => ({
  value: status,
  label: STATUS_LABELS[status],
}));

/** The Manage modal's body: status and notes, kept as typed when the save fails. */
export function ManageConsultationForm({
  consultation,
  onDone,
}: {
  consultation: TConsultation;
  onDone: () => void;
}) {
  const [status, setStatus] = useState<ConsultationStatus>(consultation.status);
  const [notes, setNotes] = useState(consultation.notes);
  const update = useUpdateConsultation();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { consultation, patch: managePatch(consultation, { status, notes }), action: 'update' },
      { onSuccess: onDone },
    );
  };

  return (
    <form onSubmit={onSubmit} className="space-y-4">
      <SelectField
        label="Status"
        name="status"
        options={STATUS_OPTIONS}
        value={status}
        onChange={(event) => setStatus(event.target.value as ConsultationStatus)}
      />
      {status === 'contacted' && !consultation.archived && (
        <p className="text-sm text-slate-700">Saving as contacted moves this request to Previous Requests.</p>
      )}
      <TextArea
        label="Notes"
        name="notes"
        value={notes}
        maxLength={10_000}
        onChange={(event) => setNotes(event.target.value)}
      />
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : manageSaveLabel(consultation, status)}
        </Button>
      </div>
    </form>
  );
}
