import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { failureText } from '../../../../lib/api';
import { Button } from '../../../../ui/Button';
import { FullScreenSpinner } from '../../../../ui/Spinner';
import { typeLabel } from '../../labels';
import { PhotoGrid } from '../../PhotoGrid';
import { PhotoUploader } from '../../PhotoUploader';
import { ProjectNotFound } from '../../ProjectNotFound';
import { isNotFound, projectIdOf, projectQuery } from '../../project-query';
import { SignInAgain } from '../../SignInAgain';
import { StatusBadge } from '../../StatusBadge';
import { JobHistory } from './JobHistory';
import { JobInfo } from './JobInfo';
import { JobSchedule } from './JobSchedule';

/**
 * The admin's job page /admin/job/{id} (spec part 2, section 2.4): job information with Edit, photos and
 * the history of changes, and the schedule dates dialog with Sync to Calendar. Estimates, payments and documents join when their slices land.
 */
export function JobPage({ idParam, fromClient }: { idParam: string; fromClient?: number }) {
  const id = projectIdOf(idParam);
  return id === null ? <ProjectNotFound fallback="/admin" /> : <LoadedJob id={id} fromClient={fromClient} />;
}

const backLinkClass =
  'text-sm font-medium text-blue-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-blue-700';

/** Back to where the admin came from: the client's portal view, or Project Tracking. */
function BackLink({ fromClient }: { fromClient?: number }) {
  if (fromClient)
    return (
      <Link to="/admin/client-portal" search={{ clientId: fromClient }} className={backLinkClass}>
        ← Back to the client's portal
      </Link>
    );
  return (
    <Link to="/admin" search={{ view: 'tracking' }} className={backLinkClass}>
      ← Back to Project Tracking
    </Link>
  );
}

function LoadedJob({ id, fromClient }: { id: number; fromClient?: number }) {
  const query = useQuery(projectQuery(id));

  if (query.isPending) return <FullScreenSpinner />;
  if (query.isError && isNotFound(query.error)) return <ProjectNotFound fallback="/admin" />;
  if (query.isError)
    return (
      <main className="grid min-h-screen place-items-center bg-slate-50 p-8">
        <div role="alert" className="max-w-md rounded-lg border border-red-200 bg-red-50 p-4 text-red-900">
          <p>{failureText(query.error, 'Could not load the project.')}</p>
          <Button variant="outline" className="mt-3" onClick={() => void query.refetch()}>
            Try Again
          </Button>
        </div>
      </main>
    );
  // The default reads answer nothing for a lost session.
  if (!query.data) return <SignInAgain />;

  const project = query.data;
  return (
    <div className="min-h-screen bg-slate-50 text-slate-900">
      <header className="border-b border-slate-200 bg-white px-4 py-4 md:px-6">
        <BackLink fromClient={fromClient} />
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold">{project.title}</h1>
          <StatusBadge status={project.status} />
        </div>
        <p className="text-sm text-slate-700">
          {project.clientName} · {typeLabel(project.type)}
        </p>
      </header>
      <main className="mx-auto grid max-w-6xl grid-cols-1 gap-6 p-4 md:p-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <JobInfo project={project} />
          <Panel title="Photos">
            <div className="space-y-4">
              <PhotoUploader projectId={project.id} />
              <PhotoGrid project={project} removable />
            </div>
          </Panel>
        </div>
        <div className="space-y-6">
          <Panel title="Schedule">
            <JobSchedule project={project} />
          </Panel>
          <Panel title="History">
            {/* Keyed: another job's History starts afresh, not from this one's pages. */}
            <JobHistory key={project.id} projectId={project.id} />
          </Panel>
        </div>
      </main>
    </div>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  const headingId = `job-${title.toLowerCase()}`;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id={headingId} className="mb-4 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
