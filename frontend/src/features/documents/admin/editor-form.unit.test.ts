import { SECURITY_TEMPLATE } from '@app/contracts/forms/templates';
import { describe, expect, it } from 'vitest';
import { editorForm, editorProblem, formDocumentBody, today, withFieldOption } from './editor-form';

const answers = {
  projectType: 'Residential',
  cameraCount: 4,
  propertySize: 'Under 1,500 sq ft',
  budget: 'Under $1,000',
  timeline: 'ASAP',
};
const extras = { date: '2026-11-25', clientName: 'Ann Lee' };

describe('the form editor', () => {
  it('needs a project, a date, then the template’s required fields', () => {
    const form = editorForm({ kind: 'template', template: SECURITY_TEMPLATE });
    expect(editorProblem(form, answers, null, extras)).toBe('Please select a project');
    expect(editorProblem(form, answers, 3, { ...extras, date: '' })).toBe(
      'Please fill in the required fields: Date.',
    );
    expect(editorProblem(form, { ...answers, timeline: '' }, 3, extras)).toBe(
      'Please fill in the required fields: Timeline.',
    );
    expect(editorProblem(form, answers, 3, extras)).toBeNull();
  });

  it('posts the spec’s body with every field, the date and the client name', () => {
    const form = editorForm({ kind: 'template', template: SECURITY_TEMPLATE });
    expect(formDocumentBody(form, answers, 3, extras)).toEqual({
      title: 'Security Camera Install Quote',
      projectId: 3,
      type: 'form',
      status: 'pending',
      formData: { ...answers, specialRequirements: null, ...extras },
      templateType: 'security',
    });
  });

  it('names a custom form’s documents custom-<id>', () => {
    const form = editorForm({
      kind: 'custom',
      form: {
        id: 12,
        title: 'Survey',
        description: '',
        sections: [],
        isCustom: true,
        originalDocument: null,
        type: 'custom',
        version: 1,
        createdAt: '',
        updatedAt: '',
      },
    });
    expect(form.templateType).toBe('custom-12');
  });

  it('adds a custom option to one select field without touching the template', () => {
    const form = editorForm({ kind: 'template', template: SECURITY_TEMPLATE });
    const changed = withFieldOption(form.sections, 'timeline', ' Next spring ');
    expect(changed?.[0]?.fields.find((f) => f.id === 'timeline')?.options.at(-1)).toBe('Next spring');
    expect(SECURITY_TEMPLATE.sections[0]!.fields.find((f) => f.id === 'timeline')!.options).not.toContain(
      'Next spring',
    );
    expect(withFieldOption(form.sections, 'timeline', ' ')).toBeNull();
    expect(withFieldOption(form.sections, 'timeline', 'ASAP')).toBeNull();
  });

  it('defaults the date to today', () => {
    expect(today(new Date(2026, 0, 5))).toBe('2026-01-05');
  });
});
