import { ESTIMATE_NEEDS_CLIENT } from '@app/contracts/api/estimates';
import { automaticHours, calculateQuote, quoteInputProblem } from '@app/contracts/estimates/calculate';
import type { Pricing } from '@app/contracts/estimates/pricing';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { failureText } from '../../../lib/api';
import { Button } from '../../../ui/Button';
import { TextArea, TextField } from '../../../ui/Field';
import { Spinner } from '../../../ui/Spinner';
import { errorToast } from '../../../ui/toast-store';
import { settingsQuery } from '../../settings/settings-query';
import { CurrentPricing } from './CurrentPricing';
import { useCreateEstimateProject } from './create-estimate-project';
import { useEstimateDownload } from './download-estimate';
import { ClientProjectFields, PropertyFields, TechnicalFields } from './QuoteFields';
import { QuoteResults } from './QuoteResults';
import { useQuoteSave } from './quote-calculator-save';
import { canGenerate, NEW_QUOTE, type QuoteDraft, quoteInputOf } from './quote-form';

const backLinkClass =
  'text-sm font-medium text-blue-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-blue-700';

/** The Quote Calculator (spec part 2, section 2.6), opened by New Estimate in All Estimates. */
export function QuoteCalculator({ onBack }: { onBack: () => void }) {
  const settings = useQuery(settingsQuery);
  return (
    <div className="space-y-4">
      <button type="button" className={backLinkClass} onClick={onBack}>
        ← Back to All Estimates
      </button>
      <div>
        <h2 className="text-xl font-semibold text-slate-900">Quote Calculator</h2>
        <p className="text-sm text-slate-700">
          Price a job with the current pricing, then save it as an estimate.
        </p>
      </div>
      {settings.isPending ? (
        <div className="grid place-items-center py-12">
          <Spinner label="Loading pricing" />
        </div>
      ) : settings.isError || !settings.data ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
          <p>{failureText(settings.error, 'Could not load the pricing.')}</p>
          <Button variant="outline" className="mt-3" onClick={() => void settings.refetch()}>
            Try Again
          </Button>
        </div>
      ) : (
        <Calculator pricing={settings.data.pricing} />
      )}
    </div>
  );
}

function Calculator({ pricing }: { pricing: Pricing }) {
  const [draft, setDraft] = useState<QuoteDraft>(NEW_QUOTE);
  const [generated, setGenerated] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const save = useQuoteSave(draft);
  const createProject = useCreateEstimateProject();
  const files = useEstimateDownload();

  const input = quoteInputOf(draft);
  const inputProblem = canGenerate(draft) ? quoteInputProblem(input, pricing) : null;
  const quote = generated && inputProblem === null ? calculateQuote(input, pricing) : null;
  const busy = save.busy || createProject.isPending || files.busy;

  const onChange = (next: QuoteDraft) => {
    setDraft(next);
    setProblem(null);
  };
  const onGenerate = (event: FormEvent) => {
    event.preventDefault();
    if (!canGenerate(draft)) return;
    if (inputProblem) {
      setProblem(inputProblem);
      return;
    }
    setGenerated(true);
    // The results appear beside or below the form: take the reader there.
    requestAnimationFrame(() => resultsHeading.current?.focus());
  };
  const onPdf = async () => {
    if (!quote) return;
    const id = await save.ensureSaved(quote.kind);
    if (id !== null) await files.download(id, 'pdf');
  };
  const onCreateProject = async () => {
    if (!quote) return;
    if (draft.clientId === null) return errorToast('Project Creation Failed', ESTIMATE_NEEDS_CLIENT);
    const id = await save.ensureSaved(quote.kind);
    if (id === null) return;
    const made = await createProject.mutateAsync(id).catch(() => null);
    if (made?.projectId) save.setProject(made.projectId);
  };

  return (
    <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <form
        onSubmit={onGenerate}
        noValidate
        aria-label="Quote details"
        className="space-y-6 rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
      >
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <TextField
              label="Job name"
              maxLength={200}
              value={draft.jobName}
              onChange={(event) => onChange({ ...draft, jobName: event.target.value })}
            />
          </div>
          <ClientProjectFields draft={draft} onChange={onChange} />
          <PropertyFields draft={draft} onChange={onChange} pricing={pricing} />
          <TechnicalFields
            draft={draft}
            onChange={onChange}
            pricing={pricing}
            automaticHours={automaticHours({ ...input, customLaborHours: null })}
          />
          <div className="sm:col-span-2">
            <TextArea
              label="Special requirements"
              maxLength={5000}
              value={draft.specialRequirements}
              onChange={(event) => onChange({ ...draft, specialRequirements: event.target.value })}
            />
          </div>
        </div>
        {problem && (
          <p role="alert" className="text-sm text-red-700">
            {problem}
          </p>
        )}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={!canGenerate(draft)}>
            Generate Quote
          </Button>
          {!canGenerate(draft) && (
            <p className="text-sm text-slate-700">Choose a property type to generate a quote.</p>
          )}
        </div>
      </form>
      <div className="space-y-6">
        {quote ? (
          <QuoteResults
            quote={quote}
            input={input}
            pricing={pricing}
            saved={save.saved}
            changedSinceSave={save.changedSince(quote.kind)}
            busy={busy}
            headingRef={resultsHeading}
            onSave={() => void save.ensureSaved(quote.kind)}
            onPdf={() => void onPdf()}
            onCreateProject={() => void onCreateProject()}
          />
        ) : (
          generated &&
          inputProblem && (
            <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
              {inputProblem}
            </p>
          )
        )}
        {!quote && <CurrentPricing pricing={pricing} />}
      </div>
    </div>
  );
}
