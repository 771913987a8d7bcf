import type { TCustomForm } from '@app/contracts/api/forms';
import { QUOTE_TEMPLATES } from '@app/contracts/forms/templates';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { failureText } from '../../../lib/api';
import { Button } from '../../../ui/Button';
import { Spinner } from '../../../ui/Spinner';
import { customFormsQuery, useDeleteCustomForm } from '../api';
import { type BuilderDraft, draftOfForm, emptyDraft } from './builder-draft';
import { ConvertArea } from './ConvertArea';
import type { EditorSource } from './editor-form';
import { FormBuilderDialog } from './FormBuilderDialog';
import { FormEditorDialog } from './FormEditorDialog';

const cardClass =
  'flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white p-4';

/**
 * The Forms tab (spec part 2, section 2.4a): Convert Document to Form, the built-in templates and the
 * custom forms kept on the server, each opened in the form editor; Create New Form opens the builder.
 */
export function FormsTab() {
  const forms = useQuery(customFormsQuery);
  const remove = useDeleteCustomForm();
  const [editing, setEditing] = useState<EditorSource | null>(null);
  const [building, setBuilding] = useState<BuilderDraft | null>(null);

  const onRemove = (form: TCustomForm) => {
    if (window.confirm(`Remove the custom form "${form.title}"? Documents already made from it are kept.`))
      remove.mutate(form);
  };

  return (
    <div className="space-y-8">
      <ConvertArea onConverted={setBuilding} />

      <section aria-labelledby="form-templates-heading" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h3 id="form-templates-heading" className="text-lg font-semibold text-slate-900">
            Form Templates
          </h3>
          <Button onClick={() => setBuilding(emptyDraft())}>Create New Form</Button>
        </div>
        <ul className="grid grid-cols-1 gap-3 md:grid-cols-3" aria-label="Built-in templates">
          {QUOTE_TEMPLATES.map((template) => (
            <li key={template.id} className={cardClass}>
              <div>
                <p className="font-medium text-slate-900">{template.title}</p>
                <p className="text-sm text-slate-700">{template.description}</p>
              </div>
              <Button
                variant="outline"
                aria-label={`Open ${template.title}`}
                onClick={() => setEditing({ kind: 'template', template })}
              >
                Open
              </Button>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="custom-forms-heading" className="space-y-4">
        <h3 id="custom-forms-heading" className="text-lg font-semibold text-slate-900">
          Custom Forms
        </h3>
        {forms.isPending ? (
          <Spinner label="Loading custom forms" />
        ) : forms.isError ? (
          <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
            <p>{failureText(forms.error, 'Could not load custom forms.')}</p>
            <Button variant="outline" className="mt-3" onClick={() => void forms.refetch()}>
              Try Again
            </Button>
          </div>
        ) : (forms.data ?? []).length === 0 ? (
          <div className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
            <p className="text-slate-700">No custom forms created yet</p>
            <Button className="mt-3" onClick={() => setBuilding(emptyDraft())}>
              Create Your First Custom Form
            </Button>
          </div>
        ) : (
          <ul className="space-y-3" aria-label="Custom forms">
            {(forms.data ?? []).map((form) => (
              <li key={form.id} data-testid="custom-form" className={cardClass}>
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">
                    {form.title}
                    {form.type === 'converted' && (
                      <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-800">
                        Converted
                      </span>
                    )}
                  </p>
                  <p className="text-sm text-slate-700">
                    {form.description ||
                      `${form.sections.length} ${form.sections.length === 1 ? 'section' : 'sections'}`}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="outline"
                    aria-label={`Open ${form.title}`}
                    onClick={() => setEditing({ kind: 'custom', form })}
                  >
                    Open
                  </Button>
                  <Button
                    variant="ghost"
                    aria-label={`Edit ${form.title}`}
                    onClick={() => setBuilding(draftOfForm(form))}
                  >
                    Edit
                  </Button>
                  <Button
                    variant="ghost"
                    className="text-red-800 hover:bg-red-50"
                    aria-label={`Remove ${form.title}`}
                    disabled={remove.isPending}
                    onClick={() => onRemove(form)}
                  >
                    Remove
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <FormEditorDialog source={editing} onClose={() => setEditing(null)} />
      <FormBuilderDialog draft={building} onClose={() => setBuilding(null)} />
    </div>
  );
}
