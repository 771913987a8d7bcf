import { z } from 'zod';
import { ZText } from '../api/primitives.ts';

/**
 * What a form is made of (spec part 2, section 3, "Custom form"): sections of fields. The built-in
 * templates, the required-document templates, custom forms and converted documents all share this shape,
 * so the editor, the builder, the server's required-field check and the signed PDF read one definition.
 */
export const FIELD_TYPES = [
  'text',
  'textarea',
  'number',
  'email',
  'phone',
  'date',
  'select',
  'multiselect',
] as const;
export type TFieldType = (typeof FIELD_TYPES)[number];

export const FIELD_TYPE_LABELS: Record<TFieldType, string> = {
  text: 'Text',
  textarea: 'Long text',
  number: 'Number',
  email: 'Email',
  phone: 'Phone',
  date: 'Date',
  select: 'Dropdown',
  multiselect: 'Multiple choice',
};

/** Field and section ids name answers in a form's `formData`: short, plain identifiers. */
const ZKey = z
  .string({ error: 'must be an id' })
  .regex(/^[A-Za-z0-9_-]{1,100}$/, 'must be an id of letters, digits, - and _ (at most 100)');

export const ZFormField = z.object({
  id: ZKey,
  type: z.enum(FIELD_TYPES, { error: `type must be one of ${FIELD_TYPES.join(', ')}` }),
  label: ZText(200, { error: 'Field label is required' }).min(1, 'Field label is required'),
  placeholder: ZText(200).default(''),
  required: z.boolean().default(false),
  /** The choices of a select or multiselect (ignored for other types). */
  options: z.array(ZText(200).min(1, 'An option needs some text')).max(100).default([]),
});
export type TFormField = z.output<typeof ZFormField>;

export const ZFormSection = z.object({
  id: ZKey,
  title: ZText(200).default(''),
  description: ZText(2000).default(''),
  collapsed: z.boolean().default(false),
  fields: z.array(ZFormField).max(200, 'A section has at most 200 fields.').default([]),
});
export type TFormSection = z.output<typeof ZFormSection>;
export type TFormSectionInput = z.input<typeof ZFormSection>;

export const FORM_TITLE_REQUIRED = 'Please enter a form title';
export const FORM_SECTION_REQUIRED = 'Please add at least one section to the form';

export const ZFormSections = z
  .array(ZFormSection)
  .max(50, 'A form has at most 50 sections.')
  .refine((sections) => sections.length > 0, FORM_SECTION_REQUIRED)
  .refine((sections) => {
    const ids = sections.flatMap((s) => s.fields.map((f) => f.id));
    return new Set(ids).size === ids.length;
  }, 'Each field of a form needs its own id.');

/** A form definition: a template's, a custom form's or a converted document's. */
export interface FormDefinition {
  title: string;
  description: string;
  sections: readonly TFormSection[];
}

export const fieldsOf = (form: Pick<FormDefinition, 'sections'>) => form.sections.flatMap((s) => s.fields);
