import {
  ESTIMATE_ACCEPTED_LOCKED,
  ESTIMATE_NEEDS_CLIENT,
  type TEstimate,
} from '@app/contracts/api/estimates';
import type { TStaleVersionError } from '@app/contracts/api/versions';
import { automaticHours, calculateQuote, quoteInputProblem } from '@app/contracts/estimates/calculate';
import { DEFAULT_PRICING } from '@app/contracts/estimates/pricing';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { failureText } from '../../../lib/api';
import { formatInstant } from '../../../lib/format';
import { rebaseDraft, staleCopyOf, staleMessage } from '../../../lib/stale-copy';
import { Button, buttonClass } from '../../../ui/Button';
import { FullScreenSpinner } from '../../../ui/Spinner';
import { StaleCopyNotice } from '../../../ui/StaleCopyNotice';
import { errorToast } from '../../../ui/toast-store';
import { estimateIdOf, estimateQuery, isNotFound } from '../estimates-query';
import { EstimateStatusBadge, KindBadge } from './Badges';
import { useCreateEstimateProject } from './create-estimate-project';
import { DELETE_CONFIRMATION, useDeleteEstimate } from './delete-estimate';
import { useEstimateDownload } from './download-estimate';
import { EstimateCost } from './EstimateCost';
import { EstimateSections } from './EstimateSections';
import { EstimateStatusPanel } from './EstimateStatusPanel';
import { type EstimateDraft, estimateDraftOf, estimateSave } from './estimate-draft';
import { quoteInputOf } from './quote-form';
import { useSendEstimate } from './send-estimate';
import { ESTIMATE_FIELD_WORDS, PAGE_SAVE, useUpdateEstimate } from './update-estimate';

const backLinkClass =
  'text-sm font-medium text-blue-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-blue-700';

/** The estimate page /admin/estimate/{id} (spec part 2, sections 2.6 and 4 "Estimate page"). */
export function EstimatePage({ idParam }: { idParam: string }) {
  const id = estimateIdOf(idParam);
  return id === null ? <EstimateNotFound /> : <LoadedEstimate id={id} />;
}

function EstimateNotFound() {
  return (
    <main className="grid min-h-screen place-items-center bg-slate-50 p-8 text-center">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">Estimate Not Found</h1>
        <p className="mt-2 text-slate-700">The estimate you are looking for does not exist or was deleted.</p>
        <Link to="/admin" search={{ view: 'all-estimates' }} className={buttonClass('primary', 'mt-6')}>
          Back to All Estimates
        </Link>
      </div>
    </main>
  );
}

function LoadedEstimate({ id }: { id: number }) {
  const query = useQuery(estimateQuery(id));
  if (query.isPending) return <FullScreenSpinner />;
  if ((query.isError && isNotFound(query.error)) || (query.isSuccess && !query.data))
    return <EstimateNotFound />;
  if (query.isError || !query.data)
    return (
      <main className="grid min-h-screen place-items-center bg-slate-50 p-8">
        <div role="alert" className="max-w-md rounded-lg border border-red-200 bg-red-50 p-4 text-red-900">
          <p>{failureText(query.error, 'Could not load the estimate.')}</p>
          <Button variant="outline" className="mt-3" onClick={() => void query.refetch()}>
            Try Again
          </Button>
        </div>
      </main>
    );
  return <EstimateScreen estimate={query.data} />;
}

function EstimateScreen({ estimate }: { estimate: TEstimate }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<EstimateDraft | null>(null);
  // The estimate as the edit started from it: what the save compares with and whose version it sends
  // (If-Match), so a save never puts back, unseen, what someone else changed meanwhile.
  const [base, setBase] = useState<TEstimate>(estimate);
  const [stale, setStale] = useState<TStaleVersionError | null>(null);
  const update = useUpdateEstimate(estimate.id);
  const remove = useDeleteEstimate(estimate.id);
  const send = useSendEstimate(estimate.id);
  const createProject = useCreateEstimateProject();
  const files = useEstimateDownload();

  // An estimate keeps the pricing it was made with: an edit is priced with it, as the server does.
  const pricing = estimate.pricing ?? DEFAULT_PRICING;
  const input = editing ? quoteInputOf(editing) : quoteInputOf(estimateDraftOf(estimate));
  const problem = editing ? quoteInputProblem(input, pricing) : null;
  const preview = editing && problem === null ? calculateQuote(input, pricing) : null;
  const locked = estimate.status === 'accepted';

  const onSave = () => {
    if (!editing) return;
    if (!preview) return errorToast(PAGE_SAVE.failure.title, problem ?? PAGE_SAVE.failure.fallback);
    const checked = estimateSave(base, editing, preview.totalCents);
    if (!checked.ok) return errorToast(PAGE_SAVE.failure.title, checked.problem);
    if (checked.body === null) return setEditing(null);
    update.mutate(
      { body: checked.body, version: base.version, ...PAGE_SAVE },
      { onSuccess: () => setEditing(null), onError: (error) => setStale(staleCopyOf(error)) },
    );
  };
  const startEditing = () => {
    setBase(estimate);
    setStale(null);
    setEditing(estimateDraftOf(estimate));
  };
  const reload = async () => {
    const fresh = await queryClient.fetchQuery({ ...estimateQuery(estimate.id), staleTime: 0 });
    if (!fresh) throw new Error('The estimate could not be read again.');
    setEditing((draft) => draft && rebaseDraft(estimateDraftOf(base), draft, estimateDraftOf(fresh)));
    setBase(fresh);
    setStale(null);
  };
  const onDelete = () => {
    if (!window.confirm(DELETE_CONFIRMATION)) return;
    remove.mutate(undefined, {
      onSuccess: () => void navigate({ to: '/admin', search: { view: 'all-estimates' } }),
    });
  };
  const onCreateProject = () => {
    if (estimate.clientId === null) return errorToast('Project Creation Failed', ESTIMATE_NEEDS_CLIENT);
    createProject.mutate(estimate.id);
  };

  return (
    <div className="min-h-screen bg-slate-50 text-slate-900">
      <header className="border-b border-slate-200 bg-white px-4 py-4 md:px-6">
        <Link to="/admin" search={{ view: 'all-estimates' }} className={backLinkClass}>
          ← Back to All Estimates
        </Link>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold break-words">{estimate.title}</h1>
          <KindBadge kind={estimate.kind} />
          <EstimateStatusBadge status={estimate.status} />
        </div>
        <p className="text-sm text-slate-700">
          {estimate.quoteNumber} · Created {formatInstant(estimate.createdAt)}
        </p>
        <p data-testid="priced-with" className="text-sm text-slate-700">
          {estimate.pricingSavedAt
            ? `Priced with the settings of ${formatInstant(estimate.pricingSavedAt)}`
            : 'Priced with the default pricing'}
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          {editing ? (
            <>
              <Button disabled={update.isPending} onClick={onSave}>
                {update.isPending ? 'Saving...' : 'Save Changes'}
              </Button>
              <Button variant="outline" disabled={update.isPending} onClick={() => setEditing(null)}>
                Cancel
              </Button>
            </>
          ) : (
            <>
              <Button
                variant="outline"
                disabled={locked}
                aria-describedby={locked ? 'estimate-locked' : undefined}
                onClick={startEditing}
              >
                Edit
              </Button>
              <Button
                variant="outline"
                disabled={files.busy}
                onClick={() => void files.download(estimate.id, 'pdf+csv')}
              >
                {files.busy ? 'Exporting...' : 'Export'}
              </Button>
              {estimate.projectId ? (
                <Link
                  to="/admin/job/$id"
                  params={{ id: String(estimate.projectId) }}
                  className={buttonClass('outline')}
                >
                  Open Project
                </Link>
              ) : (
                <Button variant="outline" disabled={createProject.isPending} onClick={onCreateProject}>
                  {createProject.isPending ? 'Creating...' : 'Create Project'}
                </Button>
              )}
              <Button variant="danger" disabled={remove.isPending} onClick={onDelete}>
                {remove.isPending ? 'Deleting...' : 'Delete'}
              </Button>
            </>
          )}
        </div>
        {locked && !editing && (
          <p id="estimate-locked" className="mt-2 text-sm text-slate-700">
            {ESTIMATE_ACCEPTED_LOCKED}.
          </p>
        )}
        {problem && (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {problem}
          </p>
        )}
        {editing && stale && (
          <div className="mt-3 max-w-2xl">
            <StaleCopyNotice
              message={staleMessage('estimate', stale.changed, ESTIMATE_FIELD_WORDS)}
              onReload={reload}
            />
          </div>
        )}
      </header>
      <main className="mx-auto grid max-w-6xl grid-cols-1 gap-6 p-4 md:p-6 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <EstimateSections
            estimate={estimate}
            draft={editing}
            onChange={setEditing}
            pricing={pricing}
            automaticHours={automaticHours({ ...input, customLaborHours: null })}
          />
        </div>
        <div className="min-w-0 space-y-6">
          <EstimateCost
            estimate={estimate}
            input={input}
            pricing={pricing}
            draft={editing}
            preview={preview}
            onChange={setEditing}
          />
          <EstimateStatusPanel estimate={estimate} sending={send.isPending} onSend={() => send.mutate()} />
        </div>
      </main>
    </div>
  );
}
