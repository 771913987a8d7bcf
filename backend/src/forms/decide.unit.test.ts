import { ZSaveCustomFormBody } from '@app/contracts/api/forms';
import type { TCustomFormEvent } from '@app/contracts/events/forms';
import { describe, expect, it } from 'vitest';
import {
  createCustomForm,
  customFormDecider,
  removeCustomForm,
  type SaveCustomFormBody,
  updateCustomForm,
} from './decide.ts';

const body: SaveCustomFormBody = ZSaveCustomFormBody.parse({
  title: 'Site Inspection',
  sections: [{ id: 'site', title: 'Site', fields: [{ id: 'address', type: 'text', label: 'Address' }] }],
});
const saved: TCustomFormEvent = {
  type: 'CustomFormSaved',
  data: {
    formId: 4,
    title: 'Site Inspection',
    description: '',
    sections: body.sections,
    originalDocument: null,
    type: 'custom',
  },
};
const removed: TCustomFormEvent = {
  type: 'CustomFormRemoved',
  data: { formId: 4, title: 'Site Inspection' },
};
const given = (events: TCustomFormEvent[]) =>
  events.reduce(customFormDecider.evolve, customFormDecider.initial);

describe('custom form decisions', () => {
  it('saves a new form whole', () => {
    expect(createCustomForm(given([]), { formId: 4, body })).toEqual([saved]);
  });

  it('keeps a converted form with its document name', () => {
    const converted = { ...body, type: 'converted' as const, originalDocument: 'order.pdf' };
    expect(createCustomForm(given([]), { formId: 4, body: converted })[0]?.data).toMatchObject({
      type: 'converted',
      originalDocument: 'order.pdf',
    });
  });

  it('does not make a form twice', () => {
    expect(() => createCustomForm(given([saved]), { formId: 4, body })).toThrow('This form already exists.');
  });

  it('replaces a form on save, and records nothing for an unchanged one', () => {
    const renamed = { ...body, title: 'Site Visit' };
    expect(updateCustomForm(given([saved]), renamed)).toEqual([
      { type: 'CustomFormSaved', data: { ...saved.data, title: 'Site Visit' } },
    ]);
    expect(updateCustomForm(given([saved]), body)).toEqual([]);
  });

  it('removes a form once; a removed or missing one is not found', () => {
    expect(removeCustomForm(given([saved]))).toEqual([removed]);
    expect(() => removeCustomForm(given([saved, removed]))).toThrow('Form not found');
    expect(() => updateCustomForm(given([saved, removed]), body)).toThrow('Form not found');
    expect(() => updateCustomForm(given([]), body)).toThrow('Form not found');
    expect(() => createCustomForm(given([saved, removed]), { formId: 4, body })).toThrow();
  });
});
