import type { TClient } from '@app/contracts/api/clients';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { Button, buttonClass } from '../../../ui/Button';

export function ClientCard({
  client,
  projectCount,
  onView,
}: {
  client: TClient;
  projectCount: number;
  onView: (client: TClient) => void;
}) {
  const headingId = useId();
  return (
    <article
      data-testid="client-card"
      aria-labelledby={headingId}
      className="flex flex-wrap items-center justify-between gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="min-w-0">
        <h3 id={headingId} className="text-base font-semibold text-slate-900">
          {client.name}
        </h3>
        <p className="truncate text-sm text-slate-700">{client.email}</p>
        <p className="text-sm text-slate-700">
          {client.phone ?? 'No phone'} · {projectCount === 1 ? '1 project' : `${projectCount} projects`}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => onView(client)}>
          View
        </Button>
        <Link to="/admin" search={{ view: 'chat', clientId: client.id }} className={buttonClass('outline')}>
          Chat
        </Link>
        <Link to="/admin/client-portal" search={{ clientId: client.id }} className={buttonClass('outline')}>
          Portal
        </Link>
      </div>
    </article>
  );
}
