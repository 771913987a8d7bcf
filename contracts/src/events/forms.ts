import { z } from 'zod';
import { FIELD_TYPES } from '../forms/definition.ts';
import { defineEvent } from './define.ts';
import { eId, eText } from './values.ts';

/**
 * Custom form events (`form-<id>`): a form built in the form builder or converted from a document, saved
 * (made or changed: each save carries the whole form) and removed. Shared by every admin. The shapes are the
 * stored ones, independent of the API's body schemas.
 */
const eFormField = z.object({
  id: eText,
  type: z.enum(FIELD_TYPES),
  label: eText,
  placeholder: eText,
  required: z.boolean(),
  options: z.array(eText),
});
const eFormSection = z.object({
  id: eText,
  title: eText,
  description: eText,
  collapsed: z.boolean(),
  fields: z.array(eFormField),
});

export const ZCustomFormSaved = defineEvent(
  'CustomFormSaved',
  z.object({
    formId: eId,
    title: eText,
    description: eText,
    sections: z.array(eFormSection),
    /** The converted document's original file name (null: built by hand). */
    originalDocument: eText.nullable(),
    /** custom (built in the builder) or converted (from an uploaded document). */
    type: z.enum(['custom', 'converted']),
  }),
);

export const ZCustomFormRemoved = defineEvent('CustomFormRemoved', z.object({ formId: eId, title: eText }));

export const customFormEventSchemas = [ZCustomFormSaved, ZCustomFormRemoved] as const;
export type TCustomFormEvent = z.infer<(typeof customFormEventSchemas)[number]>;
