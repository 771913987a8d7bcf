import type { TCustomForm } from '@app/contracts/api/forms';
import type { TStaleVersionError } from '@app/contracts/api/versions';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { rebaseDraft, staleCopyOf, staleMessage } from '../../../lib/stale-copy';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { TextArea, TextField } from '../../../ui/Field';
import { StaleCopyNotice } from '../../../ui/StaleCopyNotice';
import { customFormsQuery, useSaveCustomForm } from '../api';
import { type BuilderDraft, draftBody, draftOfForm, draftProblem, newSection } from './builder-draft';

/** A form's parts as a stale-copy notice names them ("this form's sections"). */
const FORM_WORDS: Record<string, string> = {
  title: 'title',
  description: 'description',
  sections: 'sections',
  originalDocument: 'original document',
  type: 'type',
};

import { SectionEditor } from './SectionEditor';

/**
 * The custom form builder (spec part 2, section 2.4a): title, description, sections of fields. Saved on the
 * server (POST /api/forms, or PUT for a form that has an id), so every admin sees it after a reload.
 */
export function FormBuilderDialog({
  draft,
  onClose,
  onSaved,
}: {
  draft: BuilderDraft | null;
  onClose: () => void;
  onSaved?: (form: TCustomForm) => void;
}) {
  return (
    <Dialog open={draft !== null} onClose={onClose} title="Custom Form Builder" wide>
      {draft && <BuilderForm initial={draft} onClose={onClose} onSaved={onSaved} />}
    </Dialog>
  );
}

function BuilderForm({
  initial,
  onClose,
  onSaved,
}: {
  initial: BuilderDraft;
  onClose: () => void;
  onSaved?: (form: TCustomForm) => void;
}) {
  const queryClient = useQueryClient();
  // The draft as it was filled from the saved form (its version goes with the save as If-Match).
  const [base, setBase] = useState(initial);
  const [draft, setDraft] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const [stale, setStale] = useState<TStaleVersionError | null>(null);
  const save = useSaveCustomForm();
  const set = (change: Partial<BuilderDraft>) => setDraft((current) => ({ ...current, ...change }));

  const submit = () => {
    const found = draftProblem(draft);
    setProblem(found);
    if (found) return;
    save.mutate(
      { body: draftBody(draft), id: draft.id, version: base.version },
      {
        onSuccess: (form) => {
          if (!('accepted' in form)) onSaved?.(form);
          onClose();
        },
        onError: (error) => setStale(staleCopyOf(error)),
      },
    );
  };
  const reload = async () => {
    const forms = await queryClient.fetchQuery({ ...customFormsQuery, staleTime: 0 });
    const fresh = forms?.find((form) => form.id === draft.id);
    if (!fresh) throw new Error('The form could not be read again.');
    const filled = draftOfForm(fresh);
    setDraft((current) => rebaseDraft(base, current, filled));
    setBase(filled);
    setStale(null);
  };

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {draft.originalDocument && (
        <p className="text-sm text-slate-700">Converted from {draft.originalDocument}</p>
      )}
      <TextField
        label="Form title"
        value={draft.title}
        onChange={(event) => set({ title: event.target.value })}
      />
      <TextArea
        label="Form description"
        rows={2}
        value={draft.description}
        onChange={(event) => set({ description: event.target.value })}
      />
      <div className="space-y-3">
        {draft.sections.length === 0 && (
          <p className="rounded-md border border-dashed border-slate-300 p-4 text-center text-sm text-slate-700">
            No sections yet. Add a section to start adding fields.
          </p>
        )}
        {draft.sections.map((section, index) => (
          <SectionEditor
            key={section.id}
            section={section}
            index={index}
            onChange={(changed) =>
              set({ sections: draft.sections.map((s) => (s.id === section.id ? changed : s)) })
            }
            onRemove={() => set({ sections: draft.sections.filter((s) => s.id !== section.id) })}
          />
        ))}
        <Button variant="outline" onClick={() => set({ sections: [...draft.sections, newSection()] })}>
          Add Section
        </Button>
      </div>
      {problem && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {problem}
        </p>
      )}
      {stale && (
        <StaleCopyNotice message={staleMessage('form', stale.changed, FORM_WORDS)} onReload={reload} />
      )}
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Form'}
        </Button>
      </div>
    </form>
  );
}
