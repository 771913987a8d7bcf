import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDay } from '../../../lib/format';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import { errorToast } from '../../../ui/toast-store';
import { type PickedProject, ProjectPicker } from '../../projects/ProjectPicker';
import { useSaveProject } from '../../projects/save-project';
import { CALENDAR_EVENTS_KEY } from '../calendar-query';
import { canConfirm, EMPTY_RANGE, rangeProblem, type ScheduleRange } from '../schedule-range';

/**
 * Schedule Project mode's side panel (spec part 2, section 2.5): the project, Start Date and End Date (set
 * by clicking days, or typed), Clear Dates, and Confirm Schedule, which saves the project's dates
 * (PATCH /api/projects/{id}, then the calendar sync) and says 'Dates Scheduled'.
 */
export function ScheduleProjectPanel({
  projectId,
  range,
  onProject,
  onRange,
  onDone,
}: {
  projectId: number | null;
  range: ScheduleRange;
  onProject: (id: number | null) => void;
  onRange: (range: ScheduleRange) => void;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const save = useSaveProject(projectId ?? 0);
  const [chosen, setChosen] = useState<PickedProject | null>(null);
  const project = chosen?.id === projectId ? chosen : null;

  const chooseProject = (picked: PickedProject | null) => {
    setChosen(picked);
    onProject(picked?.id ?? null);
    // A project that has dates starts with them (changing them reschedules it).
    if (picked?.jobStartDate || picked?.jobEndDate)
      onRange({ start: picked.jobStartDate ?? null, end: picked.jobEndDate ?? null });
  };

  const confirm = () => {
    const problem = rangeProblem(range);
    if (problem || !project) return errorToast('Validation Error', problem ?? 'Please select a project');
    save.mutate(
      {
        method: 'PATCH',
        body: { jobStartDate: range.start, jobEndDate: range.end },
        success: {
          title: 'Dates Scheduled',
          description: `${project.title}: ${formatDay(range.start)} to ${formatDay(range.end)}`,
        },
        failure: 'Failed to update project',
      },
      {
        onSuccess: () => {
          void queryClient.invalidateQueries({ queryKey: [CALENDAR_EVENTS_KEY] });
          onDone();
        },
      },
    );
  };

  return (
    <section aria-labelledby="schedule-project-heading" className="space-y-3">
      <h3 id="schedule-project-heading" className="text-base font-semibold text-slate-900">
        Schedule Project
      </h3>
      <p className="text-sm text-slate-700">
        Click a day for the start, then a day for the end; a third click starts over.
      </p>
      <ProjectPicker projectId={projectId} onChange={chooseProject} />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label="Start Date"
          type="date"
          value={range.start ?? ''}
          onChange={(e) => onRange({ ...range, start: e.target.value || null })}
        />
        <TextField
          label="End Date"
          type="date"
          value={range.end ?? ''}
          onChange={(e) => onRange({ ...range, end: e.target.value || null })}
          error={range.start && range.end && range.start > range.end ? rangeProblem(range) : null}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => onRange(EMPTY_RANGE)} disabled={!range.start && !range.end}>
          Clear Dates
        </Button>
        <Button onClick={confirm} disabled={!canConfirm(projectId, range) || save.isPending}>
          {save.isPending ? 'Saving...' : 'Confirm Schedule'}
        </Button>
      </div>
    </section>
  );
}
