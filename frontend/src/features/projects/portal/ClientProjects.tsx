import type { TProject } from '@app/contracts/api/projects';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { formatDay } from '../../../lib/format';
import { EmptyState } from '../../../portal/EmptyState';
import { Button, buttonClass } from '../../../ui/Button';
import { typeLabel } from '../labels';
import { ProgressBar } from '../ProgressBar';
import { StatusBadge } from '../StatusBadge';

/** Project Tracking: each of the client's projects opens the dialog read-only or its own page. */
export function ClientProjects({
  projects,
  onOpenProject,
}: {
  projects: TProject[];
  onOpenProject: (id: number) => void;
}) {
  if (projects.length === 0)
    return <EmptyState title="No projects yet" text="Your projects will appear here once they are set up." />;
  return (
    <ul aria-label="Your projects" className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      {projects.map((project) => (
        <li key={project.id}>
          <ProjectCard project={project} onOpen={() => onOpenProject(project.id)} />
        </li>
      ))}
    </ul>
  );
}

function ProjectCard({ project, onOpen }: { project: TProject; onOpen: () => void }) {
  const headingId = useId();
  return (
    <article
      aria-labelledby={headingId}
      data-testid="client-project-card"
      className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex items-start justify-between gap-2">
        <h3 id={headingId} className="text-base font-semibold text-slate-900">
          {project.title}
        </h3>
        <StatusBadge status={project.status} />
      </div>
      <p className="mt-1 text-sm text-slate-700">{typeLabel(project.type)}</p>
      <div className="mt-3">
        <ProgressBar value={project.progress} label={`Progress of ${project.title}`} />
      </div>
      <p className="mt-2 text-xs text-slate-700">
        {formatDay(project.jobStartDate)} – {formatDay(project.jobEndDate)}
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button onClick={onOpen} aria-describedby={headingId}>
          View Details
        </Button>
        <Link
          to="/client/job/$id"
          params={{ id: String(project.id) }}
          className={buttonClass('outline')}
          aria-describedby={headingId}
        >
          Open Project Page
        </Link>
      </div>
    </article>
  );
}
