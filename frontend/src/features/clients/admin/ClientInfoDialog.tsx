import type { TClient } from '@app/contracts/api/clients';
import type { TProject } from '@app/contracts/api/projects';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { formatInstant } from '../../../lib/format';
import { Button, buttonClass } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { typeLabel } from '../../projects/labels';
import { StatusBadge } from '../../projects/StatusBadge';

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium text-slate-700 uppercase">{term}</dt>
      <dd className="text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** Client Information: the client's details and projects, with Edit Client and the portal. */
export function ClientInfoDialog({
  client,
  projects,
  loadingProjects = false,
  onClose,
  onEdit,
}: {
  client: TClient | null;
  projects: readonly TProject[];
  /** While the client's projects are read (the dialog opens at once with the details). */
  loadingProjects?: boolean;
  onClose: () => void;
  onEdit: (client: TClient) => void;
}) {
  return (
    <Dialog open={client !== null} onClose={onClose} title="Client Information" wide>
      {client && (
        <div className="space-y-6">
          <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <Detail term="Name">{client.name}</Detail>
            <Detail term="Email">{client.email}</Detail>
            <Detail term="Phone">{client.phone ?? 'Not provided'}</Detail>
            <Detail term="Address">{client.address ?? 'Not provided'}</Detail>
            <Detail term="Client since">{formatInstant(client.createdAt)}</Detail>
            <Detail term="Portal access">{client.userId === null ? 'No' : 'Yes'}</Detail>
          </dl>

          <section aria-label="Projects">
            <h3 className="text-base font-semibold text-slate-900">Projects</h3>
            {loadingProjects ? (
              <p className="mt-2 text-sm text-slate-700">Loading projects…</p>
            ) : projects.length === 0 ? (
              <p className="mt-2 text-sm text-slate-700">No projects assigned yet</p>
            ) : (
              <ul className="mt-2 divide-y divide-slate-200 rounded-md border border-slate-200">
                {projects.map((project) => (
                  <li key={project.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                    <div>
                      <p className="text-sm font-medium text-slate-900">{project.title}</p>
                      <p className="text-xs text-slate-700">{typeLabel(project.type)}</p>
                    </div>
                    <StatusBadge status={project.status} />
                  </li>
                ))}
              </ul>
            )}
          </section>

          <div className="flex flex-wrap justify-end gap-2">
            <Link
              to="/admin/client-portal"
              search={{ clientId: client.id }}
              className={buttonClass('outline')}
            >
              Open Portal
            </Link>
            <Button variant="outline" onClick={() => onEdit(client)}>
              Edit Client
            </Button>
            <Button onClick={onClose}>Close</Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
