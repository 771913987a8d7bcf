import type { QuoteKind } from '@app/contracts/estimates/calculate';
import { useState } from 'react';
import { useCreateEstimate } from './create-estimate';
import type { SavedQuote } from './QuoteResults';
import { estimateBodyOf, type QuoteDraft, quoteTitle } from './quote-form';
import { useUpdateEstimate } from './update-estimate';

const SAVE_FAILED = { title: 'Save Failed', fallback: 'Failed to save estimate. Please try again.' };

/**
 * The calculator's estimate: Save Estimate makes it (POST), a later save after the form changed updates the
 * same one (PATCH), and 'Save as PDF Quote' or Create Project save first when needed. `ensureSaved` answers
 * the estimate's id, or null when the save failed (its toast already shown).
 */
export function useQuoteSave(draft: QuoteDraft) {
  const [saved, setSaved] = useState<(SavedQuote & { body: string }) | null>(null);
  const create = useCreateEstimate();
  const update = useUpdateEstimate(saved?.id ?? 0);
  const bodyFor = (kind: QuoteKind) => estimateBodyOf(draft, quoteTitle(draft, kind));

  const ensureSaved = async (kind: QuoteKind): Promise<number | null> => {
    const body = bodyFor(kind);
    const json = JSON.stringify(body);
    if (saved && saved.body === json) return saved.id;
    try {
      if (saved) {
        await update.mutateAsync({
          body,
          success: { title: 'Estimate Saved', description: 'The estimate has been updated.' },
          failure: SAVE_FAILED,
        });
        setSaved({ ...saved, body: json });
        return saved.id;
      }
      const made = await create.mutateAsync(body);
      setSaved({ id: made.id, quoteNumber: made.estimate?.quoteNumber ?? null, projectId: null, body: json });
      return made.id;
    } catch {
      return null;
    }
  };

  return {
    saved: saved && { id: saved.id, quoteNumber: saved.quoteNumber, projectId: saved.projectId },
    busy: create.isPending || update.isPending,
    changedSince: (kind: QuoteKind) => saved !== null && JSON.stringify(bodyFor(kind)) !== saved.body,
    ensureSaved,
    setProject: (projectId: number) => setSaved((current) => current && { ...current, projectId }),
  };
}
