import type { TEstimate } from '@app/contracts/api/estimates';
import { useState } from 'react';
import { failureText } from '../../../lib/api';
import { usePagedList, useSettled } from '../../../lib/paged-list';
import { Button } from '../../../ui/Button';
import { SelectField, TextField } from '../../../ui/Field';
import { PagedFooter } from '../../../ui/ShowMore';
import { Spinner } from '../../../ui/Spinner';
import { ClientPicker } from '../../clients/ClientPicker';
import { ESTIMATES_KEY } from '../estimates-query';
import { openPricingPage } from './CurrentPricing';
import { useEstimateDownload } from './download-estimate';
import { EstimateCard } from './EstimateCard';
import {
  ESTIMATE_FILTERS,
  ESTIMATE_SORTS,
  type EstimateFilter,
  type EstimateSort,
  type EstimateStatusFilter,
  estimatesParams,
  isFiltered,
  NO_OPTIONS,
  STATUS_FILTERS,
  showingText,
} from './estimate-list';
import { QuoteCalculator } from './QuoteCalculator';

/**
 * All Estimates (spec part 2, section 2.6): search, sort, filters, cards; New Estimate opens the calculator. The
 * server searches, filters, sorts and pages the estimates (issue 23); "Show More" asks for the next page.
 */
export function AllEstimatesView() {
  const [calculating, setCalculating] = useState(false);
  if (calculating) return <QuoteCalculator onBack={() => setCalculating(false)} />;
  return <EstimateList onNew={() => setCalculating(true)} />;
}

function EstimateList({ onNew }: { onNew: () => void }) {
  const [options, setOptions] = useState(NO_OPTIONS);
  const settled = useSettled(options);
  const query = usePagedList<TEstimate>(ESTIMATES_KEY, estimatesParams(settled));
  const files = useEstimateDownload();
  const shown = query.items;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-xl font-semibold text-slate-900">All Estimates</h2>
          <p className="text-sm text-slate-700">Every quote, its client and its total.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={openPricingPage}>
            Edit Settings
          </Button>
          <Button onClick={onNew}>New Estimate</Button>
        </div>
      </div>

      <search aria-label="Find estimates" className="flex flex-wrap items-end gap-4">
        <div className="min-w-56 flex-1">
          <TextField
            label="Search estimates"
            type="search"
            placeholder="Title, client, location or quote number"
            value={options.search}
            onChange={(event) => setOptions({ ...options, search: event.target.value })}
          />
        </div>
        <div className="w-48">
          <SelectField
            label="Sort by"
            options={ESTIMATE_SORTS}
            value={options.sort}
            onChange={(event) => setOptions({ ...options, sort: event.target.value as EstimateSort })}
          />
        </div>
        <div className="w-48">
          <SelectField
            label="Show"
            options={ESTIMATE_FILTERS}
            value={options.filter}
            onChange={(event) => setOptions({ ...options, filter: event.target.value as EstimateFilter })}
          />
        </div>
        <div className="w-44">
          <SelectField
            label="Status"
            options={STATUS_FILTERS}
            value={options.status}
            onChange={(event) =>
              setOptions({ ...options, status: event.target.value as EstimateStatusFilter })
            }
          />
        </div>
        <div className="w-full sm:w-72">
          <ClientPicker
            label="Client"
            clientId={options.clientId ? Number(options.clientId) : null}
            onChange={(client) => setOptions({ ...options, clientId: client ? String(client.id) : '' })}
          />
        </div>
        <Button variant="outline" disabled={!isFiltered(options)} onClick={() => setOptions(NO_OPTIONS)}>
          Clear Filters
        </Button>
      </search>

      {query.isPending ? (
        <div className="grid place-items-center py-12">
          <Spinner label="Loading estimates" />
        </div>
      ) : query.isError ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
          <p>{failureText(query.error, 'Could not load the estimates.')}</p>
          <Button variant="outline" className="mt-3" onClick={() => void query.refetch()}>
            Try Again
          </Button>
        </div>
      ) : (
        <>
          {shown.length === 0 && !isFiltered(settled) ? (
            <EmptyState title="No Estimates Yet" text="Use New Estimate to price a job and save it." />
          ) : shown.length === 0 ? (
            <EmptyState title="No Estimates Found" text="No estimate matches the search and filter." />
          ) : (
            <ul aria-label="Estimates" className="grid grid-cols-1 gap-4 md:grid-cols-2 2xl:grid-cols-3">
              {shown.map((estimate) => (
                <li key={estimate.id}>
                  <EstimateCard
                    estimate={estimate}
                    exporting={files.busy}
                    onExport={(id) => void files.download(id, 'pdf')}
                  />
                </li>
              ))}
            </ul>
          )}
          <PagedFooter list={query} shown={shown.length} showing={showingText} label="Show More Estimates" />
        </>
      )}
    </div>
  );
}

function EmptyState({ title, text }: { title: string; text: string }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
      <h3 className="text-base font-semibold text-slate-900">{title}</h3>
      {text && <p className="mt-1 text-sm text-slate-700">{text}</p>}
    </div>
  );
}
