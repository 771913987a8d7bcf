import type { TClient, TClientListItem } from '@app/contracts/api/clients';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { failureText } from '../../../lib/api';
import { listParams, usePagedList, useSettled } from '../../../lib/paged-list';
import { Button } from '../../../ui/Button';
import { SelectField, TextField } from '../../../ui/Field';
import { PagedFooter } from '../../../ui/ShowMore';
import { Spinner } from '../../../ui/Spinner';
import { AddEntryDialog } from './AddEntryDialog';
import { ClientCard } from './ClientCard';
import { ClientInfoDialog } from './ClientInfoDialog';
import { clientCountText, SORT_OPTIONS, type SortOrder, showingClientsText } from './client-list';
import { EditClientDialog } from './EditClientDialog';
import { CLIENTS_KEY, clientProjectsQuery } from './queries';

type Open = { dialog: 'add' } | { dialog: 'view' | 'edit'; clientId: number } | null;

/**
 * The Clients view: the server searches (name, e-mail, phone, address, project type), sorts and pages the
 * list; a card's project count comes with its row, the Information dialog reads the client's projects.
 */
export function ClientsView() {
  const [search, setSearch] = useState('');
  const [order, setOrder] = useState<SortOrder>('az');
  const [open, setOpen] = useState<Open>(null);
  const q = useSettled(search.trim());
  const params = listParams({ q, sort: order === 'za' ? '-name' : undefined });
  const clients = usePagedList<TClientListItem>(CLIENTS_KEY, params);

  const shown = clients.items;
  // The dialogs follow the list by id, so an edit or a live update shows in the open dialog at once.
  const openClient = (kind: 'view' | 'edit'): TClient | null =>
    open?.dialog === kind ? (shown.find((client) => client.id === open.clientId) ?? null) : null;
  const viewing = openClient('view');
  const projects = useQuery({ ...clientProjectsQuery(viewing?.id ?? 0), enabled: viewing !== null });

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 className="text-xl font-semibold text-slate-900">Clients</h2>
          <p className="text-sm text-slate-700">
            {clients.isPending
              ? 'Loading…'
              : q
                ? clientCountText(clients.total, 'found', clients.totalAtLeast)
                : clientCountText(clients.total)}
          </p>
        </div>
        <Button onClick={() => setOpen({ dialog: 'add' })}>Add New Entry</Button>
      </div>

      <div className="flex flex-wrap items-end gap-4">
        <div className="w-full sm:w-96">
          <TextField
            label="Search clients"
            type="search"
            placeholder="Name, email, phone, address or project type"
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
          {q ? `No clients match "${q}"` : 'No clients yet. Use Add New Entry to add the first one.'}
        </p>
      ) : (
        <>
          <ul className="space-y-3" aria-label="Clients">
            {shown.map((client) => (
              <li key={client.id}>
                <ClientCard
                  client={client}
                  projectCount={client.projectCount}
                  onView={() => setOpen({ dialog: 'view', clientId: client.id })}
                />
              </li>
            ))}
          </ul>
          <PagedFooter
            list={clients}
            shown={shown.length}
            showing={showingClientsText}
            label="Show More Clients"
          />
        </>
      )}

      <AddEntryDialog open={open?.dialog === 'add'} onClose={() => setOpen(null)} />
      <ClientInfoDialog
        client={viewing}
        projects={projects.data ?? []}
        loadingProjects={projects.isPending}
        onClose={() => setOpen(null)}
        onEdit={(client) => setOpen({ dialog: 'edit', clientId: client.id })}
      />
      <EditClientDialog client={openClient('edit')} onClose={() => setOpen(null)} />
    </div>
  );
}
