import type { TClient } from '@app/contracts/api/clients';
import type { TProject } from '@app/contracts/api/projects';
import { StatusBadge } from '../../projects/StatusBadge';
import { type QuickStats, RECENT_PROJECTS } from './portal-view';
import { Empty, Section } from './Section';

const STAT_LABELS: Record<keyof QuickStats, string> = {
  projects: 'Projects',
  messages: 'Messages',
  appointments: 'Appointments',
  payments: 'Payments',
};

export function OverviewTab({
  client,
  projects,
  stats,
}: {
  client: TClient;
  projects: readonly TProject[];
  stats: QuickStats;
}) {
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
      <Section title="Client Information">
        <dl className="space-y-2 text-sm">
          <Line term="Name">{client.name}</Line>
          <Line term="Email">{client.email}</Line>
          {client.phone && <Line term="Phone">{client.phone}</Line>}
          {client.address && <Line term="Address">{client.address}</Line>}
        </dl>
      </Section>
      <Section title="Recent Projects">
        {projects.length === 0 ? (
          <Empty>No projects assigned yet</Empty>
        ) : (
          <ul className="space-y-2">
            {projects.slice(0, RECENT_PROJECTS).map((project) => (
              <li key={project.id} className="flex items-center justify-between gap-2 text-sm">
                <span className="min-w-0 truncate text-slate-900">{project.title}</span>
                <StatusBadge status={project.status} />
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title="Quick Stats">
        <dl className="grid grid-cols-2 gap-3">
          {(Object.keys(STAT_LABELS) as (keyof QuickStats)[]).map((key) => (
            <div key={key} className="rounded-md bg-slate-50 p-3">
              <dt className="text-xs text-slate-700">{STAT_LABELS[key]}</dt>
              <dd className="text-2xl font-semibold text-slate-900" data-testid={`stat-${key}`}>
                {stats[key]}
              </dd>
            </div>
          ))}
        </dl>
      </Section>
    </div>
  );
}

function Line({ term, children }: { term: string; children: string }) {
  return (
    <div>
      <dt className="text-xs font-medium text-slate-700 uppercase">{term}</dt>
      <dd className="break-words text-slate-900">{children}</dd>
    </div>
  );
}
