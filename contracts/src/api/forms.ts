import { z } from 'zod';
import { FORM_TITLE_REQUIRED, ZFormSection, ZFormSections } from '../forms/definition.ts';
import { ZIdParam, ZText } from './primitives.ts';
import { ZVersion } from './versions.ts';

/**
 * Custom forms (spec part 2, sections 2.4a and 3): built by staff in the form builder or converted from an
 * uploaded document, kept on the server and shared by every admin (the earlier version kept them only in the
 * screen). Routes: GET /api/forms, POST /api/forms, PUT /api/forms/{id}, DELETE /api/forms/{id}.
 */
export const CUSTOM_FORM_TYPES = ['custom', 'converted'] as const;
export const CUSTOM_FORM_NOT_FOUND = 'Form not found';

export const ZSaveCustomFormBody = z.object({
  title: ZText(200, { error: FORM_TITLE_REQUIRED }).min(1, FORM_TITLE_REQUIRED),
  description: ZText(2000).default(''),
  sections: ZFormSections,
  /** The converted document's original file name, when the form came from one. */
  originalDocument: ZText(255).nullish(),
  type: z.enum(CUSTOM_FORM_TYPES).default('custom'),
});
export type TSaveCustomFormBody = z.input<typeof ZSaveCustomFormBody>;

export const ZCustomForm = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  sections: z.array(ZFormSection),
  isCustom: z.literal(true),
  originalDocument: z.string().nullable(),
  type: z.enum(CUSTOM_FORM_TYPES),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** What the form builder's save sends back as If-Match (see ./versions.ts). */
  version: ZVersion,
});
export type TCustomForm = z.infer<typeof ZCustomForm>;

export const ZCustomFormIdParams = z.object({ id: ZIdParam });

/** A document made from a custom form names it as `templateType`: `custom-<form id>`. */
export const customTemplateType = (formId: number) => `custom-${formId}`;
export const customFormIdOf = (templateType: string | null | undefined): number | undefined => {
  const match = /^custom-(\d{1,10})$/.exec(templateType ?? '');
  return match ? Number(match[1]) : undefined;
};

/** POST /api/documents/convert-to-form: multipart `{document, action 'convert-to-form'}`. */
export const CONVERT_ACCEPT = '.pdf,.doc,.docx,.png,.jpg,.jpeg';
export const CONVERT_UNSUPPORTED = 'Please upload PDF, Word document, or image files only.';
export const ZConvertToFormAnswer = z.object({
  success: z.boolean(),
  formTitle: z.string(),
  formSections: z.array(ZFormSection),
  error: z.string().nullable(),
});
export type TConvertToFormAnswer = z.infer<typeof ZConvertToFormAnswer>;
