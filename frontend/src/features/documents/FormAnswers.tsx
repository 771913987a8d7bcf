import type { TDocument } from '@app/contracts/api/documents';
import type { FormDefinition } from '@app/contracts/forms/definition';
import { templateById } from '@app/contracts/forms/templates';
import { FormFields } from './FormFields';
import { answerText, keyLabel } from './form-values';

/**
 * A form's answers, read-only: by the questions it was made with (the answer for one document carries
 * them), else by `definition` or its template, else as labelled values.
 */
export function FormAnswers({
  doc,
  definition,
}: {
  doc: Pick<TDocument, 'formData' | 'templateType' | 'sections'>;
  definition?: Pick<FormDefinition, 'sections'> | undefined;
}) {
  const answers = doc.formData ?? {};
  const form = doc.sections ? { sections: doc.sections } : (definition ?? templateById(doc.templateType));
  if (form) return <FormFields form={form} answers={answers} readOnly />;
  const entries = Object.entries(answers);
  if (entries.length === 0) return <p className="text-sm text-slate-700">This form has no answers yet.</p>;
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
      {entries.map(([key, value]) => (
        <div key={key}>
          <dt className="text-sm font-medium text-slate-700">{keyLabel(key)}</dt>
          <dd className="whitespace-pre-wrap break-words text-sm text-slate-900">{answerText(value)}</dd>
        </div>
      ))}
    </dl>
  );
}
