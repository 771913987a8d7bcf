import type { TClient } from '@app/contracts/api/clients';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { failureText } from '../../../lib/api';
import { Button } from '../../../ui/Button';
import { SelectField, TextField } from '../../../ui/Field';
import { Spinner } from '../../../ui/Spinner';
import { projectsQuery } from '../../projects/project-query';
import { AddEntryDialog } from './AddEntryDialog';
import { ClientCard } from './ClientCard';
import { ClientInfoDialog } from './ClientInfoDialog';
import { projectsOf, SORT_OPTIONS, type SortOrder, visibleClients } from './client-list';
import { EditClientDialog } from './EditClientDialog';
import { clientsQuery } from './queries';

type Open = { dialog: 'add' } | { dialog: 'view' | 'edit'; clientId: number } | null;

export function ClientsView() {
  const clients = useQuery(clientsQuery);
  // Only for search by project type and the Information dialog: the list shows without it.
  const projects = useQuery(projectsQuery).data ?? [];
  const [search, setSearch] = useState('');
  const [order, setOrder] = useState<SortOrder>('az');
  const [open, setOpen] = useState<Open>(null);

  const all = clients.data ?? [];
  const shown = visibleClients(all, projects, search, order);
  // The dialogs follow the list by id, so an edit or a live update shows in the open dialog at once.
  const openClient = (kind: 'view' | 'edit'): TClient | null =>
    open?.dialog === kind ? (all.find((client) => client.id === open.clientId) ?? null) : null;
  const viewing = openClient('view');

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 className="text-xl font-semibold text-slate-900">Clients</h2>
          <p className="text-sm text-slate-700">{all.length === 1 ? '1 client' : `${all.length} clients`}</p>
        </div>
        <Button onClick={() => setOpen({ dialog: 'add' })}>Add New Entry</Button>
      </div>

      <div className="flex flex-wrap items-end gap-4">
        <div className="w-full sm:w-96">
          <TextField
            label="Search clients"
            type="search"
            placeholder="Name, email, phone or project type"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <div className="w-40">
          <SelectField
            label="Sort"
            options={SORT_OPTIONS}
            value={order}
            onChange={(event) => setOrder(event.target.value as SortOrder)}
          />
        </div>
      </div>

      {clients.isPending ? (
        <div className="grid place-items-center py-12">
          <Spinner label="Loading clients" />
        </div>
      ) : clients.isError ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
          <p>{failureText(clients.error, 'Could not load clients.')}</p>
          <Button variant="outline" className="mt-3" onClick={() => void clients.refetch()}>
            Try Again
          </Button>
        </div>
      ) : shown.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
          {all.length === 0
            ? 'No clients yet. Use Add New Entry to add the first one.'
            : `No clients match "${search.trim()}"`}
        </p>
      ) : (
        <ul className="space-y-3" aria-label="Clients">
          {shown.map((client) => (
            <li key={client.id}>
              <ClientCard
                client={client}
                projectCount={projectsOf(projects, client.id).length}
                onView={() => setOpen({ dialog: 'view', clientId: client.id })}
              />
            </li>
          ))}
        </ul>
      )}

      <AddEntryDialog open={open?.dialog === 'add'} onClose={() => setOpen(null)} />
      <ClientInfoDialog
        client={viewing}
        projects={viewing ? projectsOf(projects, viewing.id) : []}
        onClose={() => setOpen(null)}
        onEdit={(client) => setOpen({ dialog: 'edit', clientId: client.id })}
      />
      <EditClientDialog client={openClient('edit')} onClose={() => setOpen(null)} />
    </div>
  );
}
