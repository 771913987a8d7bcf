import { CONSULTATION_STATUSES, type TConsultation } from '@app/contracts/api/consultations';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { failureText } from '../../../lib/api';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { SelectField } from '../../../ui/Field';
import { Spinner } from '../../../ui/Spinner';
import { ConsultationCard } from './ConsultationCard';
import { type RequestSet, type StatusFilter, summaryCounts, visibleConsultations } from './consultation-list';
import { consultationsQuery } from './consultations-query';
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

/** The consultations manager: Active or Previous Requests, a status filter, summary tiles, cards, Manage. */
export function ConsultationsView() {
  const query = useQuery(consultationsQuery);
  const [set, setSet] = useState<RequestSet>('active');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [managing, setManaging] = useState<TConsultation | null>(null);
  const all = query.data ?? [];
  const shown = visibleConsultations(all, set, status);

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
          <SummaryTiles counts={summaryCounts(all, set)} set={set} />
          {shown.length === 0 ? (
            <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
              {status === 'all'
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
