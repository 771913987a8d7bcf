import { type FormEvent, useState } from 'react';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { SelectField, TextArea, TextField } from '../../../ui/Field';
import { toast } from '../../../ui/toast-store';
import { ClientPicker } from '../../clients/ClientPicker';
import { useCreateAppointment } from '../appointment-actions';
import {
  canCreate,
  createBody,
  durationProblem,
  type NewJobDraft,
  newJobDraft,
  SCHEDULING_JOB_TYPES,
} from '../event-form';

/**
 * Schedule New Job (spec part 2, sections 2.5, 5, 7): client, job type, title, date, start and end time,
 * notes. The button is disabled without a trimmed title or a client; the duration is at least 30 minutes.
 */
export function ScheduleJobDialog({
  open,
  date,
  onClose,
}: {
  open: boolean;
  /** The day the form starts on (the selected day, or today). */
  date: string;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} title="Schedule New Job" description="All times are Alaska time.">
      {open && <ScheduleJobForm date={date} onClose={onClose} />}
    </Dialog>
  );
}

function ScheduleJobForm({ date, onClose }: { date: string; onClose: () => void }) {
  const create = useCreateAppointment();
  const [draft, setDraft] = useState<NewJobDraft>(() => newJobDraft(date));
  const [tried, setTried] = useState(false);
  const set = (field: keyof NewJobDraft) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [field]: e.target.value }));
  const timeProblem = durationProblem(draft.startTime, draft.endTime);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    const checked = createBody(draft);
    if (!checked.ok)
      return toast({ title: checked.title, description: checked.problem, variant: 'destructive' });
    create.mutate(checked.body, { onSuccess: onClose });
  };

  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <ClientPicker
        clientId={draft.clientId ? Number(draft.clientId) : null}
        onChange={(client) => set('clientId')({ target: { value: client ? String(client.id) : '' } })}
        error={tried && !draft.clientId ? 'Please select a client' : null}
      />
      <SelectField
        label="Job Type"
        value={draft.type}
        onChange={set('type')}
        options={SCHEDULING_JOB_TYPES}
      />
      <TextField
        label="Title"
        value={draft.title}
        maxLength={200}
        placeholder="e.g. Starlink installation"
        onChange={set('title')}
        error={tried && !draft.title.trim() ? 'Please enter an event title' : null}
      />
      <TextField label="Date" type="date" value={draft.date} onChange={set('date')} />
      <div className="grid grid-cols-2 gap-3">
        <TextField label="Start Time" type="time" value={draft.startTime} onChange={set('startTime')} />
        <TextField
          label="End Time"
          type="time"
          value={draft.endTime}
          onChange={set('endTime')}
          error={timeProblem}
        />
      </div>
      <TextArea label="Notes" value={draft.notes} maxLength={5000} rows={3} onChange={set('notes')} />
      <div className="flex justify-end gap-2 pt-2">
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={!canCreate(draft) || create.isPending}>
          {create.isPending ? 'Scheduling...' : 'Schedule Job'}
        </Button>
      </div>
    </form>
  );
}
