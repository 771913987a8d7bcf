import { isDeepStrictEqual } from 'node:util';
import { CUSTOM_FORM_NOT_FOUND, type ZSaveCustomFormBody } from '@app/contracts/api/forms';
import type { TCustomFormEvent } from '@app/contracts/events/forms';
import type { FormDefinition, TFormSection } from '@app/contracts/forms/definition';
import type { z } from 'zod';
import { conflict, notFound } from '../platform/errors.ts';

/** A custom form's stream: made in the form builder or converted from a document, shared by every admin. */
export const customFormStream = (id: number) => `form-${id}`;

export type SaveCustomFormBody = z.output<typeof ZSaveCustomFormBody>;

export type CustomFormState =
  | { lifecycle: 'none' }
  | ({ lifecycle: 'active'; id: number } & FormDefinition & {
        sections: TFormSection[];
        originalDocument: string | null;
        type: 'custom' | 'converted';
      })
  | { lifecycle: 'removed'; id: number };

export const customFormDecider = {
  initial: { lifecycle: 'none' } as CustomFormState,
  evolve(state: CustomFormState, event: TCustomFormEvent): CustomFormState {
    switch (event.type) {
      case 'CustomFormSaved': {
        const { formId, title, description, sections, originalDocument, type } = event.data;
        // A removed form stays removed: its id is never saved again.
        if (state.lifecycle === 'removed') return state;
        return { lifecycle: 'active', id: formId, title, description, sections, originalDocument, type };
      }
      case 'CustomFormRemoved':
        return { lifecycle: 'removed', id: event.data.formId };
      default: {
        const unhandled: never = event;
        return unhandled;
      }
    }
  },
};

const savedEvent = (formId: number, body: SaveCustomFormBody): TCustomFormEvent => ({
  type: 'CustomFormSaved',
  data: {
    formId,
    title: body.title,
    description: body.description,
    sections: body.sections,
    originalDocument: body.originalDocument ?? null,
    type: body.type,
  },
});

export function createCustomForm(
  state: CustomFormState,
  command: { formId: number; body: SaveCustomFormBody },
): TCustomFormEvent[] {
  if (state.lifecycle !== 'none') throw conflict('This form already exists.');
  return [savedEvent(command.formId, command.body)];
}

const sameForm = (state: Extract<CustomFormState, { lifecycle: 'active' }>, body: SaveCustomFormBody) =>
  JSON.stringify(savedEvent(state.id, body).data) ===
  JSON.stringify({
    formId: state.id,
    title: state.title,
    description: state.description,
    sections: state.sections,
    originalDocument: state.originalDocument,
    type: state.type,
  });

const SAVED_FIELDS = ['title', 'description', 'sections', 'originalDocument', 'type'] as const;

/** The parts of a form (a save replaces them all) that changed between the copy the person read and now. */
export function customFormFieldsChanged(seen: CustomFormState, now: CustomFormState): string[] {
  if (now.lifecycle !== 'active') return [];
  return SAVED_FIELDS.filter((f) => seen.lifecycle !== 'active' || !isDeepStrictEqual(seen[f], now[f]));
}

/** Saving a form replaces it whole; saving it unchanged records nothing. */
export function updateCustomForm(state: CustomFormState, body: SaveCustomFormBody): TCustomFormEvent[] {
  if (state.lifecycle !== 'active') throw notFound(CUSTOM_FORM_NOT_FOUND);
  if (sameForm(state, body)) return [];
  return [savedEvent(state.id, body)];
}

export function removeCustomForm(state: CustomFormState): TCustomFormEvent[] {
  if (state.lifecycle !== 'active') throw notFound(CUSTOM_FORM_NOT_FOUND);
  return [{ type: 'CustomFormRemoved', data: { formId: state.id, title: state.title } }];
}
