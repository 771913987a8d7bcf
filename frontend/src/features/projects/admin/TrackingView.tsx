import type { TProjectCounts, TProjectListItem } from '@app/contracts/api/projects';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { failureText } from '../../../lib/api';
import { usePagedList, useSettled } from '../../../lib/paged-list';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { PagedFooter } from '../../../ui/ShowMore';
import { Spinner } from '../../../ui/Spinner';
import { ProjectDialog } from '../ProjectDialog';
import { PROJECTS_KEY } from '../project-query';
import { JobCard } from './JobCard';
import { NewProjectForm } from './NewProjectForm';
import { TrackingFiltersBar } from './TrackingFilters';
import { TrackingSummary } from './TrackingSummary';
import { NO_FILTERS, showingText, trackingParams } from './tracking-list';

/**
 * All Jobs Tracking (spec part 2, section 2.4): counts, search and filters, job cards, New Project. The
 * server searches, filters and pages (newest change first); the counts are its kept counters.
 */
export function TrackingView() {
  const [filters, setFilters] = useState(NO_FILTERS);
  const params = trackingParams(useSettled(filters));
  const query = usePagedList<TProjectListItem>(PROJECTS_KEY, params);
  const counts = useQuery<TProjectCounts>({
    queryKey: [`${PROJECTS_KEY}/counts`],
    meta: { summarises: [PROJECTS_KEY] },
  });
  const [viewing, setViewing] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const shown = query.items;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-xl font-semibold text-slate-900">All Jobs Tracking</h2>
          <p className="text-sm text-slate-700">Every project, its status and progress.</p>
        </div>
        <Button onClick={() => setCreating(true)}>New Project</Button>
      </div>

      {query.isPending ? (
        <div className="grid place-items-center py-12">
          <Spinner label="Loading jobs" />
        </div>
      ) : query.isError ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
          <p>{failureText(query.error, 'Could not load the jobs.')}</p>
          <Button variant="outline" className="mt-3" onClick={() => void query.refetch()}>
            Try Again
          </Button>
        </div>
      ) : (
        <>
          <TrackingSummary counts={counts.data ?? null} />
          <TrackingFiltersBar value={filters} onChange={setFilters} />
          {shown.length === 0 && Object.keys(params).length === 0 ? (
            <EmptyState title="No Jobs Yet" text="Create a project to start tracking a job." />
          ) : shown.length === 0 ? (
            <EmptyState title="No Jobs Found" text="No job matches the search and filters." />
          ) : (
            <ul aria-label="Jobs" className="grid grid-cols-1 gap-4 md:grid-cols-2 2xl:grid-cols-3">
              {shown.map((project) => (
                <li key={project.id}>
                  <JobCard project={project} onView={setViewing} />
                </li>
              ))}
            </ul>
          )}
          <PagedFooter list={query} shown={shown.length} showing={showingText} label="Show More Jobs" />
        </>
      )}

      <ProjectDialog projectId={viewing} onClose={() => setViewing(null)} readOnly={false} />
      <Dialog open={creating} onClose={() => setCreating(false)} title="New Project">
        {creating && <NewProjectForm onDone={() => setCreating(false)} />}
      </Dialog>
    </div>
  );
}

function EmptyState({ title, text }: { title: string; text: string }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
      <h3 className="text-base font-semibold text-slate-900">{title}</h3>
      <p className="mt-1 text-sm text-slate-700">{text}</p>
    </div>
  );
}
