import type { TCreateFormDocumentBody } from '@app/contracts/api/documents';
import { customTemplateType, type TCustomForm } from '@app/contracts/api/forms';
import { answersProblem, type FormAnswers } from '@app/contracts/forms/answers';
import type { TFormSection } from '@app/contracts/forms/definition';
import type { FormTemplate } from '@app/contracts/forms/templates';

/** What the form editor fills: a built-in template or a custom form (spec part 2, section 2.4a). */
export type EditorSource =
  | { kind: 'template'; template: FormTemplate }
  | { kind: 'custom'; form: TCustomForm };

export type EditorForm = { title: string; sections: TFormSection[]; templateType: string };

export function editorForm(source: EditorSource): EditorForm {
  if (source.kind === 'template')
    return {
      title: source.template.title,
      sections: structuredClone([...source.template.sections]),
      templateType: source.template.id,
    };
  return {
    title: source.form.title,
    sections: structuredClone(source.form.sections),
    templateType: customTemplateType(source.form.id),
  };
}

export const PROJECT_REQUIRED = 'Please select a project';
export const DATE_REQUIRED = 'Please fill in the required fields: Date.';

/** Step 2's own fields besides the form's: the date and the client's name. */
export type EditorExtras = { date: string; clientName: string };

/** Why the form cannot be saved yet (the project, then the required fields and kinds), or null. */
export function editorProblem(
  form: Pick<EditorForm, 'sections'>,
  answers: FormAnswers,
  projectId: number | null,
  extras: EditorExtras,
): string | null {
  if (projectId === null) return PROJECT_REQUIRED;
  if (extras.date.trim() === '') return DATE_REQUIRED;
  return answersProblem(form, answers);
}

/** The body of POST /api/documents: `{title, projectId, type 'form', status 'pending', formData, templateType}`. */
export function formDocumentBody(
  form: EditorForm,
  answers: FormAnswers,
  projectId: number,
  extras: EditorExtras,
): TCreateFormDocumentBody {
  const formData: Record<string, unknown> = {};
  for (const field of form.sections.flatMap((s) => s.fields)) formData[field.id] = answers[field.id] ?? null;
  return {
    title: form.title,
    projectId,
    type: 'form',
    status: 'pending',
    formData: {
      ...formData,
      date: extras.date,
      clientName: extras.clientName,
    } as TCreateFormDocumentBody['formData'],
    templateType: form.templateType,
  };
}

/** A select field with one more option chosen by staff (kept in this form only); null when blank or known. */
export function withFieldOption(
  sections: readonly TFormSection[],
  fieldId: string,
  text: string,
): TFormSection[] | null {
  const option = text.trim();
  const field = sections.flatMap((s) => s.fields).find((f) => f.id === fieldId);
  if (!field || option === '' || field.options.includes(option)) return null;
  return sections.map((s) => ({
    ...s,
    fields: s.fields.map((f) => (f.id === fieldId ? { ...f, options: [...f.options, option] } : f)),
  }));
}

/** Today as YYYY-MM-DD in the browser's time zone (the date field's default). */
export const today = (now = new Date()) =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
