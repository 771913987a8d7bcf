import type { TClient } from '@app/contracts/api/clients';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { SelectField, TextArea, TextField } from '../../../ui/Field';
import { toast } from '../../../ui/toast-store';
import { useCreateAppointment } from '../appointment-actions';
import {
  canCreate,
  createBody,
  durationProblem,
  type NewJobDraft,
  newJobDraft,
  SCHEDULING_JOB_TYPES,
} from '../event-form';

/** GET /api/clients (the same key as the Clients view, so both read one list). */
const clientsQuery = queryOptions<TClient[]>({ queryKey: ['/api/clients'] });

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
  const clients = useQuery(clientsQuery);
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

  const clientOptions = (clients.data ?? []).map((c) => ({
    value: String(c.id),
    label: `${c.name} (${c.email})`,
  }));
  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <SelectField
        label="Client"
        value={draft.clientId}
        onChange={set('clientId')}
        placeholder={
          clients.isPending
            ? 'Loading clients...'
            : clientOptions.length === 0
              ? 'No clients yet (add one in Clients)'
              : 'Select a client'
        }
        options={clientOptions}
        error={
          clients.isError
            ? 'Could not load the clients.'
            : tried && !draft.clientId
              ? 'Please select a client'
              : null
        }
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
