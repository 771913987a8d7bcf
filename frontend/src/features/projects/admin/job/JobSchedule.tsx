import type { TProject } from '@app/contracts/api/projects';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRequest } from '../../../../lib/api';
import { formatDay } from '../../../../lib/format';
import { Button } from '../../../../ui/Button';
import { toast } from '../../../../ui/toast-store';
import { PROJECTS_KEY } from '../../project-query';
import { ScheduleDatesDialog } from './ScheduleDatesDialog';

/**
 * The job's dates with the schedule dates dialog, and Sync to Calendar: POST /api/projects/{id}/sync-calendar
 * puts the project's start and end days on the connected calendars ('Calendar Synced'); a failure is only
 * logged, as the spec says (part 2, section 8: 'Failed to sync to calendar').
 */
export function JobSchedule({ project }: { project: TProject }) {
  const [open, setOpen] = useState(false);
  const sync = useMutation({
    mutationFn: () => apiRequest('POST', `${PROJECTS_KEY}/${project.id}/sync-calendar`),
    onSuccess: () =>
      toast({ title: 'Calendar Synced', description: 'Project dates have been added to your calendar' }),
    onError: (error) => console.error('Failed to sync to calendar', error),
  });
  const dated = Boolean(project.jobStartDate || project.jobEndDate);

  return (
    <div className="space-y-3">
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <dt className="text-slate-700">Start</dt>
        <dd data-testid="job-start" className="text-slate-900">
          {formatDay(project.jobStartDate)}
        </dd>
        <dt className="text-slate-700">End</dt>
        <dd data-testid="job-end" className="text-slate-900">
          {formatDay(project.jobEndDate)}
        </dd>
      </dl>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => setOpen(true)}>
          Schedule Dates
        </Button>
        <Button
          variant="outline"
          disabled={!dated || sync.isPending}
          title={dated ? undefined : 'Schedule the dates first'}
          onClick={() => sync.mutate()}
        >
          {sync.isPending ? 'Syncing...' : 'Sync to Calendar'}
        </Button>
      </div>
      <ScheduleDatesDialog project={project} open={open} onClose={() => setOpen(false)} />
    </div>
  );
}
