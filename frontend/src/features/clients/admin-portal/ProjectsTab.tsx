import type { TProject } from '@app/contracts/api/projects';
import { Link } from '@tanstack/react-router';
import { typeLabel } from '../../projects/labels';
import { StatusBadge } from '../../projects/StatusBadge';

/** Each card opens the admin's job page (the project detail in admin mode, with its own back link). */
export function ProjectsTab({ projects }: { projects: readonly TProject[] }) {
  if (projects.length === 0)
    return (
      <div className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
        <h3 className="text-base font-semibold text-slate-900">No Projects Yet</h3>
        <p className="mt-1 text-sm text-slate-700">This client hasn't been assigned any projects yet.</p>
      </div>
    );
  return (
    <ul className="grid grid-cols-1 gap-4 md:grid-cols-2" aria-label="Projects">
      {projects.map((project) => (
        <li key={project.id}>
          <Link
            to="/admin/job/$id"
            params={{ id: String(project.id) }}
            search={{ fromClient: project.clientId }}
            data-testid="portal-project"
            className="block h-full rounded-lg border border-slate-200 bg-white p-5 shadow-sm hover:border-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
          >
            <span className="flex items-start justify-between gap-2">
              <span className="font-semibold text-slate-900">{project.title}</span>
              <StatusBadge status={project.status} />
            </span>
            <span className="mt-1 block text-sm text-slate-700">{typeLabel(project.type)}</span>
            {project.description && (
              <span className="mt-3 line-clamp-3 block text-sm text-slate-800">{project.description}</span>
            )}
          </Link>
        </li>
      ))}
    </ul>
  );
}
