import type { TDocument } from '@app/contracts/api/documents';
import type { TAppointment } from '@app/contracts/api/portal';
import type { TProject } from '@app/contracts/api/projects';
import { BUSINESS_TIME_ZONE } from '@app/contracts/calendar/time-zone';
import type { ReactNode } from 'react';
import { RECENT_DOCUMENTS } from '../features/documents/document-status';
import { statusLabel } from '../features/projects/labels';
import { formatDay, today } from '../lib/format';
import { Button } from '../ui/Button';
import { nextAppointment, projectSummary, recentProjects } from './dashboard';

/** The Dashboard view: three summary cards and Recent Activity (spec part 1, section 2). */
export function ClientOverview({
  projects,
  appointments,
  awaiting,
  onOpenProject,
  onShowDocuments,
}: {
  projects: TProject[];
  appointments: TAppointment[];
  /** The client's forms waiting for their signature, newest first. */
  awaiting: TDocument[];
  onOpenProject: (id: number) => void;
  onShowDocuments: () => void;
}) {
  const summary = projectSummary(projects);
  // "Today or later" in the business's time zone, where appointments are kept (a visitor elsewhere sees the same).
  const next = nextAppointment(appointments, today(new Date(), BUSINESS_TIME_ZONE));
  const recent = recentProjects(projects);
  const recentDocuments = awaiting.slice(0, RECENT_DOCUMENTS);

  return (
    <div className="space-y-6">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <SummaryCard title="Active Projects" value={String(summary.total)}>
          {summary.inProgress} in progress
        </SummaryCard>
        <SummaryCard title="Pending Documents" value={String(awaiting.length)}>
          Awaiting your signature
        </SummaryCard>
        <SummaryCard title="Next Appointment" value={next ? formatDay(next.scheduledDate) : 'None scheduled'}>
          {next ? next.title : 'No upcoming appointments'}
        </SummaryCard>
      </div>

      <section
        aria-labelledby="recent-activity"
        className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
      >
        <h3 id="recent-activity" className="text-lg font-semibold text-slate-900">
          Recent Activity
        </h3>
        {recent.length === 0 && recentDocuments.length === 0 ? (
          <p className="mt-3 text-sm text-slate-700">No recent activity</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200">
            {recentDocuments.map((doc) => (
              <li
                key={`document-${doc.id}`}
                data-testid="recent-document"
                className="flex flex-wrap items-center justify-between gap-3 py-3"
              >
                <div className="min-w-0">
                  <p className="break-words text-sm font-medium text-slate-900">{doc.title}</p>
                  <p className="text-sm text-slate-700">Document ready for review and signature</p>
                </div>
                <Button variant="outline" aria-label={`View ${doc.title}`} onClick={onShowDocuments}>
                  View
                </Button>
              </li>
            ))}
            {recent.map((project) => (
              <li key={project.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div>
                  <p className="text-sm font-medium text-slate-900">{project.title}</p>
                  <p className="text-sm text-slate-700">Project status: {statusLabel(project.status)}</p>
                </div>
                <Button variant="outline" onClick={() => onOpenProject(project.id)}>
                  View Progress
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function SummaryCard({ title, value, children }: { title: string; value: string; children: ReactNode }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <h3 className="text-sm font-medium text-slate-700">{title}</h3>
      <p className="mt-1 text-2xl font-semibold text-slate-900">{value}</p>
      <p className="mt-1 text-sm text-slate-700">{children}</p>
    </div>
  );
}
