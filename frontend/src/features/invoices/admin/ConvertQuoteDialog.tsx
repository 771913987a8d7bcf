import { QUOTE_AND_PROJECT_REQUIRED } from '@app/contracts/api/invoices';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { SelectField } from '../../../ui/Field';
import { EstimatePicker, type PickedEstimate } from '../../estimates/EstimatePicker';
import { clientProjectsQuery } from '../../projects/project-query';
import { fullyInvoicedMessage, useConvertQuote } from '../convert-quote';
import { ExtraBeyondQuote } from './ExtraBeyondQuote';

/**
 * Convert Quote to Invoice: pick a quote, then one of its client's projects; the invoice (what remains of the
 * quote) opens in a new tab. A quote with nothing left to bill says which invoices bill it, and an admin may
 * confirm an extra beyond it.
 */
export function ConvertQuoteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const convert = useConvertQuote();
  const [quote, setQuote] = useState<PickedEstimate | null>(null);
  const [projectId, setProjectId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fully, setFully] = useState<string | null>(null);
  // The quote's client's own projects, read for that client alone.
  const projects = useQuery(clientProjectsQuery(quote?.clientId ?? null));
  const choices = (projects.data ?? []).filter((project) => project.type !== 'invoice');
  const close = () => {
    setQuote(null);
    setProjectId('');
    setError(null);
    setFully(null);
    onClose();
  };
  /** Converts what remains of the quote, or bills `extra` dollars beyond it once an admin confirmed. */
  const submit = (extra?: string) => {
    if (!quote || !projectId) return setError(QUOTE_AND_PROJECT_REQUIRED);
    // Opened before the call so the browser does not take it for a pop-up; it is pointed at the invoice after.
    const tab = window.open('', '_blank');
    convert.mutate(
      {
        estimateId: quote.id,
        projectId: Number(projectId),
        ...(extra !== undefined && { allowExtra: true as const, amount: extra }),
      },
      {
        onSuccess: (url) => {
          if (tab) tab.location.href = url;
          else window.open(url, '_blank', 'noopener');
          close();
        },
        onError: (failure) => {
          tab?.close();
          setFully(fullyInvoicedMessage(failure));
        },
      },
    );
  };
  return (
    <Dialog open={open} onClose={close} title="Convert Quote to Invoice">
      <div className="space-y-3">
        <EstimatePicker
          estimateId={quote?.id ?? null}
          // A quote without a client has no projects to bill.
          offers={(estimate) => estimate.clientId !== null}
          onChange={(picked) => {
            setQuote(picked);
            setProjectId(picked?.projectId ? String(picked.projectId) : '');
            setError(null);
            setFully(null);
          }}
        />
        <SelectField
          label="Project"
          value={projectId}
          disabled={!quote}
          placeholder={quote ? 'Select a project' : 'Pick a quote first'}
          options={choices.map((project) => ({ value: String(project.id), label: project.title }))}
          onChange={(event) => {
            setProjectId(event.target.value);
            setError(null);
            setFully(null);
          }}
        />
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        {fully && <ExtraBeyondQuote message={fully} pending={convert.isPending} onBill={submit} />}
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button onClick={() => submit()} disabled={convert.isPending || fully !== null}>
            Convert to Invoice
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
