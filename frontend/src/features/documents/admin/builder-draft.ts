import {
  type CUSTOM_FORM_TYPES,
  type TConvertToFormAnswer,
  type TCustomForm,
  type TSaveCustomFormBody,
  ZSaveCustomFormBody,
} from '@app/contracts/api/forms';
import {
  FORM_SECTION_REQUIRED,
  FORM_TITLE_REQUIRED,
  type TFieldType,
  type TFormField,
  type TFormSection,
} from '@app/contracts/forms/definition';

/** The custom form builder's working copy (spec part 2, section 2.4a), saved with POST or PUT /api/forms. */
export type BuilderDraft = {
  /** The server's id once saved. */
  id?: number;
  /** The saved form's version the draft was filled from (If-Match on its save). */
  version?: number;
  title: string;
  description: string;
  sections: TFormSection[];
  originalDocument: string | null;
  type: (typeof CUSTOM_FORM_TYPES)[number];
};

let counter = 0;
/** A fresh field or section id, unique within the page (ids only need to be unique within one form). */
export const newKey = (prefix: 'section' | 'field') =>
  `${prefix}-${Date.now().toString(36)}-${(counter++).toString(36)}`;

export const emptyDraft = (): BuilderDraft => ({
  title: '',
  description: '',
  sections: [],
  originalDocument: null,
  type: 'custom',
});

export const newSection = (): TFormSection => ({
  id: newKey('section'),
  title: '',
  description: '',
  collapsed: false,
  fields: [],
});

export const newField = (type: TFieldType = 'text'): TFormField => ({
  id: newKey('field'),
  type,
  label: '',
  placeholder: '',
  required: false,
  options: [],
});

export const hasOptions = (type: TFieldType) => type === 'select' || type === 'multiselect';

export const draftOfForm = (form: TCustomForm): BuilderDraft => ({
  id: form.id,
  version: form.version,
  title: form.title,
  description: form.description,
  sections: form.sections.map((s) => ({ ...s, fields: s.fields.map((f) => ({ ...f })) })),
  originalDocument: form.originalDocument,
  type: form.type,
});

/** A converted document as a draft to finish in the builder (an image answers with no sections). */
export const draftOfConversion = (answer: TConvertToFormAnswer, fileName: string): BuilderDraft => ({
  title: answer.formTitle || fileName.replace(/\.[^.]+$/, ''),
  description: `Converted from ${fileName}`,
  sections: answer.formSections,
  originalDocument: fileName,
  type: 'converted',
});

/**
 * Why the draft cannot be saved, as the builder says it (title first, then sections, then each field),
 * or null. The server checks the same shape with the same schema.
 */
export function draftProblem(draft: BuilderDraft): string | null {
  if (draft.title.trim() === '') return FORM_TITLE_REQUIRED;
  if (draft.sections.length === 0) return FORM_SECTION_REQUIRED;
  for (const [index, section] of draft.sections.entries())
    for (const field of section.fields) {
      if (field.label.trim() === '') return `Every field needs a label (section ${index + 1}).`;
      if (hasOptions(field.type) && field.options.length === 0)
        return `${field.label.trim()} needs at least one option.`;
    }
  const parsed = ZSaveCustomFormBody.safeParse(draftBody(draft));
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'The form cannot be saved.');
}

/** The body of POST or PUT /api/forms; options are kept only for the field types that use them. */
export const draftBody = (draft: BuilderDraft): TSaveCustomFormBody => ({
  title: draft.title.trim(),
  description: draft.description.trim(),
  sections: draft.sections.map((section) => ({
    ...section,
    title: section.title.trim(),
    description: section.description.trim(),
    fields: section.fields.map((field) => ({
      ...field,
      label: field.label.trim(),
      placeholder: field.placeholder.trim(),
      options: hasOptions(field.type) ? field.options : [],
    })),
  })),
  originalDocument: draft.originalDocument,
  type: draft.type,
});

/** Adds an option to a list: null when the text is blank (nothing to add) or already there. */
export function withOption(options: readonly string[], text: string): string[] | null {
  const option = text.trim();
  if (option === '' || options.includes(option)) return null;
  return [...options, option];
}
