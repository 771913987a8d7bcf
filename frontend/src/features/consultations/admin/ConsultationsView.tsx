import { CONSULTATION_STATUSES, type TConsultation } from '@app/contracts/api/consultations';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { failureText } from '../../../lib/api';
import { usePagedList, useSettled } from '../../../lib/paged-list';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { SelectField, TextField } from '../../../ui/Field';
import { PagedFooter } from '../../../ui/ShowMore';
import { Spinner } from '../../../ui/Spinner';
import { ConsultationCard } from './ConsultationCard';
import { consultationsParams, type RequestSet, type StatusFilter, showingText } from './consultation-list';
import { CONSULTATIONS_KEY, consultationCountsQuery } from './consultations-query';
import { STATUS_LABELS } from './labels';
import { ManageConsultationForm } from './ManageConsultationForm';
import { RequestSetSelector } from './RequestSetSelector';
import { SummaryTiles } from './SummaryTiles';

const FILTER_OPTIONS = [
  { value: 'all', label: 'All statuses' },
  ...CONSULTATION_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
];

const EMPTY_SET: Record<RequestSet, string> = {
  active: 'No active consultation requests',
  previous: 'No previous requests',
};

/**
 * The consultations manager: Active or Previous Requests, a status filter and a search, summary tiles, cards,
 * Manage. The server searches, filters and pages the requests, newest first (issue 23); the tiles are its kept
 * counters of the set.
 */
export function ConsultationsView() {
  const [set, setSet] = useState<RequestSet>('active');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [search, setSearch] = useState('');
  const q = useSettled(search);
  const query = usePagedList<TConsultation>(CONSULTATIONS_KEY, consultationsParams(set, status, q));
  const counts = useQuery(consultationCountsQuery(set));
  const [managing, setManaging] = useState<TConsultation | null>(null);
  const shown = query.items;

  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-xl font-semibold text-slate-900">Consultation Requests</h2>
        <p className="text-sm text-slate-700">
          Marking a request as contacted moves it to Previous Requests.
        </p>
      </div>

      <div className="flex flex-wrap items-end gap-4">
        <RequestSetSelector value={set} onChange={setSet} />
        <div className="w-52">
          <SelectField
            label="Filter by status"
            options={FILTER_OPTIONS}
            value={status}
            onChange={(event) => setStatus(event.target.value as StatusFilter)}
          />
        </div>
        <search aria-label="Search consultation requests" className="min-w-56 flex-1">
          <TextField
            label="Search requests"
            type="search"
            placeholder="Name, e-mail, phone or description"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </search>
      </div>

      {query.isPending ? (
        <div className="grid place-items-center py-12">
          <Spinner label="Loading consultation requests" />
        </div>
      ) : query.isError ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
          <p>{failureText(query.error, 'Could not load consultation requests.')}</p>
          <Button variant="outline" className="mt-3" onClick={() => void query.refetch()}>
            Try Again
          </Button>
        </div>
      ) : (
        <>
          {counts.data && <SummaryTiles counts={counts.data} set={set} />}
          {shown.length === 0 ? (
            <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
              {q.trim() !== ''
                ? 'No request matches the search.'
                : status === 'all'
                  ? EMPTY_SET[set]
                  : `No ${STATUS_LABELS[status].toLowerCase()} requests in ${set === 'active' ? 'Active' : 'Previous'} Requests`}
            </p>
          ) : (
            <ul className="space-y-4" aria-label={set === 'active' ? 'Active Requests' : 'Previous Requests'}>
              {shown.map((consultation) => (
                <li key={consultation.id}>
                  <ConsultationCard consultation={consultation} onManage={setManaging} />
                </li>
              ))}
            </ul>
          )}
          <PagedFooter list={query} shown={shown.length} showing={showingText} label="Show More Requests" />
        </>
      )}

      <Dialog
        open={managing !== null}
        onClose={() => setManaging(null)}
        title="Manage Consultation"
        description={managing ? `${managing.name} (${managing.email})` : undefined}
      >
        {managing && (
          <ManageConsultationForm
            key={managing.id}
            consultation={managing}
            onDone={() => setManaging(null)}
          />
        )}
      </Dialog>
    </div>
  );
}
