import type { TProjectListItem } from '@app/contracts/api/projects';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { formatDay } from '../../../lib/format';
import { Button, buttonClass } from '../../../ui/Button';
import { typeLabel } from '../labels';
import { ProgressBar } from '../ProgressBar';
import { StatusBadge } from '../StatusBadge';

export function JobCard({ project, onView }: { project: TProjectListItem; onView: (id: number) => void }) {
  const headingId = useId();
  return (
    <article
      data-testid="job-card"
      aria-labelledby={headingId}
      className="flex h-full flex-col rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="truncate text-base font-semibold text-slate-900">
            {project.title}
          </h3>
          <p className="text-sm text-slate-700">{project.clientName}</p>
        </div>
        <StatusBadge status={project.status} />
      </div>
      <p className="mt-2 text-sm text-slate-800">{typeLabel(project.type)}</p>
      {project.description && (
        <p className="mt-1 line-clamp-2 text-sm text-slate-700">{project.description}</p>
      )}
      <div className="mt-3">
        <ProgressBar value={project.progress} label={`Progress of ${project.title}`} />
      </div>
      <p className="mt-2 text-xs text-slate-700">
        {formatDay(project.jobStartDate)} – {formatDay(project.jobEndDate)} · {project.photoCount}{' '}
        {project.photoCount === 1 ? 'photo' : 'photos'}
      </p>
      <div className="mt-4 flex flex-wrap gap-2 pt-1">
        <Button onClick={() => onView(project.id)} aria-describedby={headingId}>
          View
        </Button>
        <Link
          to="/admin/job/$id"
          params={{ id: String(project.id) }}
          className={buttonClass('outline')}
          aria-describedby={headingId}
        >
          Job Page
        </Link>
      </div>
    </article>
  );
}
