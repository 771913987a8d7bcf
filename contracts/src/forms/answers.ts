import type { FormDefinition, TFormField } from './definition.ts';

/** A form's answers as stored: field id → text, number, yes/no, several choices, or nothing yet. */
export type FormAnswers = Readonly<Record<string, unknown>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isBlank = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

/** Why one answer does not fit its field, or null when it does (blank answers are judged by `required`). */
function answerProblem(field: TFormField, value: unknown): string | null {
  if (isBlank(value)) return null;
  switch (field.type) {
    case 'number':
      return Number.isFinite(typeof value === 'string' ? Number(value) : value)
        ? null
        : `${field.label} must be a number`;
    case 'email':
      return typeof value === 'string' && EMAIL.test(value.trim())
        ? null
        : `${field.label} must be an e-mail address`;
    case 'multiselect':
      return Array.isArray(value) ? null : `${field.label} must be a list of choices`;
    default:
      return typeof value === 'string' || typeof value === 'number' ? null : `${field.label} must be a text`;
  }
}

/**
 * Checks answers against a definition: every required field filled, every answer of its field's kind.
 * Returns the message to show, or null when the answers can be saved. The form editor and the server
 * both call this, so a form the screen accepts is a form the server keeps.
 */
export function answersProblem(form: Pick<FormDefinition, 'sections'>, answers: FormAnswers): string | null {
  const fields = form.sections.flatMap((s) => s.fields);
  const missing = fields.filter((f) => f.required && isBlank(answers[f.id])).map((f) => f.label);
  if (missing.length > 0) return `Please fill in the required fields: ${missing.join(', ')}.`;
  for (const field of fields) {
    const problem = answerProblem(field, answers[field.id]);
    if (problem) return problem;
  }
  return null;
}
