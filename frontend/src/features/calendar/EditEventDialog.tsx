import { APPOINTMENT_EDIT_STATUSES, type TAdminAppointment } from '@app/contracts/api/appointments';
import type { TStaleVersionError } from '@app/contracts/api/versions';
import { appointmentEvent, type TCalendarEvent } from '@app/contracts/calendar/event-times';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { rebaseDraft, staleCopyOf, staleMessage } from '../../lib/stale-copy';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { SelectField, TextArea, TextField } from '../../ui/Field';
import { StaleCopyNotice } from '../../ui/StaleCopyNotice';
import { errorToast } from '../../ui/toast-store';
import { APPOINTMENTS_KEY, useUpdateAppointment } from './appointment-actions';
import { changeBody, durationProblem, type EditDraft, editDraftOf } from './event-form';
import { eventStatusLabel } from './event-labels';

const STATUS_OPTIONS = APPOINTMENT_EDIT_STATUSES.map((value) => ({ value, label: eventStatusLabel(value) }));

/** The form's fields as a stale-copy notice names them ("this event's start time and end time"). */
const EVENT_WORDS: Record<string, string> = {
  title: 'title',
  description: 'description',
  scheduledDate: 'date',
  startTime: 'start time',
  endTime: 'end time',
  duration: 'length',
  status: 'status',
};

/** Edit Event (spec part 2, section 2.5): title, date, start time, end time, status, description. */
export function EditEventDialog({ event, onClose }: { event: TCalendarEvent | null; onClose: () => void }) {
  return (
    <Dialog open={event !== null} onClose={onClose} title="Edit Event">
      {event && <EditEventForm key={event.id} event={event} onClose={onClose} />}
    </Dialog>
  );
}

function EditEventForm({ event, onClose }: { event: TCalendarEvent; onClose: () => void }) {
  const queryClient = useQueryClient();
  // The form as filled from the appointment, and that appointment's version (sent as If-Match).
  const [base, setBase] = useState(() => ({ draft: editDraftOf(event), version: event.version }));
  const [draft, setDraft] = useState<EditDraft>(base.draft);
  const [stale, setStale] = useState<TStaleVersionError | null>(null);
  const [tried, setTried] = useState(false);
  const update = useUpdateAppointment();
  const reload = async () => {
    const list = await queryClient.fetchQuery<TAdminAppointment[]>({
      queryKey: [APPOINTMENTS_KEY],
      staleTime: 0,
    });
    const fresh = list?.find((a) => a.id === event.id);
    if (!fresh) throw new Error('The appointment could not be read again.');
    const filled = editDraftOf(appointmentEvent({ ...fresh, client: undefined }));
    setDraft((current) => rebaseDraft(base.draft, current, filled));
    setBase({ draft: filled, version: fresh.version });
    setStale(null);
  };
  const set = (field: keyof EditDraft) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [field]: e.target.value }));
  const timeProblem = tried ? durationProblem(draft.startTime, draft.endTime) : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    const checked = changeBody(draft);
    if (!checked.ok) return errorToast(checked.title, checked.problem);
    update.mutate(
      { id: event.id, body: checked.body, version: base.version },
      { onSuccess: onClose, onError: (error) => setStale(staleCopyOf(error)) },
    );
  };

  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <TextField
        label="Title"
        value={draft.title}
        maxLength={200}
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
      <SelectField label="Status" value={draft.status} onChange={set('status')} options={STATUS_OPTIONS} />
      <TextArea
        label="Description"
        value={draft.description}
        maxLength={5000}
        onChange={set('description')}
      />
      {stale && (
        <StaleCopyNotice message={staleMessage('event', stale.changed, EVENT_WORDS)} onReload={reload} />
      )}
      <div className="flex justify-end gap-2 pt-2">
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
