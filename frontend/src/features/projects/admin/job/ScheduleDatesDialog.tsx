import type { TProject } from '@app/contracts/api/projects';
import { BUSINESS_TIME_ZONE } from '@app/contracts/calendar/time-zone';
import { type FormEvent, useState } from 'react';
import { today } from '../../../../lib/format';
import { Button } from '../../../../ui/Button';
import { Dialog } from '../../../../ui/Dialog';
import { TextField } from '../../../../ui/Field';
import { useSaveProject } from '../../save-project';
import { checkScheduleDates, type DateErrors, endMinDay, initialDates, minDay } from './schedule-dates';

/**
 * The job page's schedule dates dialog (spec part 2, sections 2.4 and 5): start and end date, both required,
 * the start not after the end, no day before today in Anchorage. Saves with PATCH /api/projects/{id}
 * {jobStartDate, jobEndDate} ('Dates Scheduled'); the save then queues the calendar sync as every dated save does.
 */
export function ScheduleDatesDialog({
  project,
  open,
  onClose,
}: {
  project: TProject;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Schedule Dates"
      description={`Choose when ${project.title} starts and ends.`}
    >
      {open && <DatesForm project={project} onClose={onClose} />}
    </Dialog>
  );
}

function DatesForm({ project, onClose }: { project: TProject; onClose: () => void }) {
  const [values, setValues] = useState(() => initialDates(project));
  const [errors, setErrors] = useState<DateErrors>({});
  const save = useSaveProject(project.id);
  const day = today(new Date(), BUSINESS_TIME_ZONE);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkScheduleDates(values, project, day);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    save.mutate(
      {
        method: 'PATCH',
        body: checked.body,
        success: { title: 'Dates Scheduled' },
        failure: 'Failed to update project',
      },
      { onSuccess: onClose },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <TextField
        label="Start Date"
        type="date"
        name="jobStartDate"
        min={minDay(day, initialDates(project).start || null)}
        value={values.start}
        error={errors.start}
        onChange={(event) => setValues({ ...values, start: event.target.value })}
      />
      <TextField
        label="End Date"
        type="date"
        name="jobEndDate"
        min={endMinDay(day, initialDates(project).end || null, values.start)}
        value={values.end}
        error={errors.end}
        onChange={(event) => setValues({ ...values, end: event.target.value })}
      />
      <div className="flex justify-end gap-2">
        <Button variant="outline" disabled={save.isPending} onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Dates'}
        </Button>
      </div>
    </form>
  );
}
