import { describe, expect, it } from 'vitest';
import {
  draftBody,
  draftOfConversion,
  draftProblem,
  emptyDraft,
  newField,
  newSection,
  withOption,
} from './builder-draft';

const filled = () => {
  const field = { ...newField('select'), label: ' Size ', options: ['S', 'M'] };
  const text = { ...newField('text'), label: 'Notes', options: ['stray'] };
  return {
    ...emptyDraft(),
    title: ' Site survey ',
    sections: [{ ...newSection(), title: 'Site', fields: [field, text] }],
  };
};

describe('the custom form builder', () => {
  it('asks for a title, then a section, then labels and options, in that order', () => {
    expect(draftProblem(emptyDraft())).toBe('Please enter a form title');
    expect(draftProblem({ ...emptyDraft(), title: 'x' })).toBe('Please add at least one section to the form');
    const draft = filled();
    expect(draftProblem(draft)).toBeNull();
    draft.sections[0]!.fields[1]!.label = ' ';
    expect(draftProblem(draft)).toBe('Every field needs a label (section 1).');
    draft.sections[0]!.fields[1]!.label = 'Notes';
    draft.sections[0]!.fields[0]!.options = [];
    expect(draftProblem(draft)).toBe('Size needs at least one option.');
  });

  it('sends trimmed texts and options only for select and multiselect', () => {
    const body = draftBody(filled());
    expect(body.title).toBe('Site survey');
    expect(body.sections[0]!.fields!.map((f) => [f.label, f.options])).toEqual([
      ['Size', ['S', 'M']],
      ['Notes', []],
    ]);
    expect(body.type).toBe('custom');
  });

  it('gives every new section and field its own id', () => {
    const ids = new Set([newSection().id, newSection().id, newField().id, newField().id]);
    expect(ids.size).toBe(4);
  });

  it('adds options only with non-blank, new text', () => {
    expect(withOption(['A'], '  ')).toBeNull();
    expect(withOption(['A'], 'A')).toBeNull();
    expect(withOption(['A'], ' B ')).toEqual(['A', 'B']);
  });

  it('opens a converted document as a converted draft named by its file when it has no title', () => {
    const draft = draftOfConversion(
      { success: true, formTitle: '', formSections: [], error: null },
      'lease.pdf',
    );
    expect(draft).toMatchObject({ title: 'lease', type: 'converted', originalDocument: 'lease.pdf' });
  });
});
