import { describe, expect, it } from 'vitest';
import { answersProblem } from './answers.ts';
import { fieldsOf, ZFormSections } from './definition.ts';
import { FORM_TEMPLATES, SECURITY_TEMPLATE, templateById, WEBSITE_TEMPLATE } from './templates.ts';

const securityAnswers = {
  projectType: 'Residential',
  cameraCount: 6,
  propertySize: '1,500 - 3,000 sq ft',
  budget: '$2,500 - $5,000',
  timeline: 'ASAP',
};

describe('form answers', () => {
  it('accepts a filled template and names every missing required field, in order', () => {
    expect(answersProblem(SECURITY_TEMPLATE, securityAnswers)).toBeNull();
    expect(answersProblem(SECURITY_TEMPLATE, { ...securityAnswers, budget: ' ', timeline: null })).toBe(
      'Please fill in the required fields: Budget, Timeline.',
    );
    // The optional field may stay empty; a required multiselect needs at least one choice.
    expect(
      answersProblem(WEBSITE_TEMPLATE, {
        websiteType: 'Business',
        pages: '1-5',
        features: [],
        designStyle: 'Modern',
        budget: 'Under $1,000',
        timeline: 'Flexible',
      }),
    ).toBe('Please fill in the required fields: Features.');
  });

  it('refuses answers of the wrong kind', () => {
    expect(answersProblem(SECURITY_TEMPLATE, { ...securityAnswers, cameraCount: 'many' })).toBe(
      'Number of Cameras must be a number',
    );
    expect(answersProblem(SECURITY_TEMPLATE, { ...securityAnswers, cameraCount: '8' })).toBeNull();
    const ownerEmail = templateById('property-permission')!;
    expect(answersProblem({ sections: ownerEmail.sections }, { ownerEmail: 'nope' })).toMatch(/^Please fill/);
  });

  it('ships six templates whose definitions pass the builder’s own rules', () => {
    expect(FORM_TEMPLATES.map((t) => t.id)).toEqual([
      'security',
      'starlink',
      'website',
      'property-permission',
      'insurance-certificate',
      'service-agreement',
    ]);
    for (const template of FORM_TEMPLATES) {
      expect(ZFormSections.safeParse(template.sections).success).toBe(true);
      for (const f of fieldsOf(template))
        if (f.type.endsWith('select')) expect(f.options.length).toBeGreaterThan(0);
    }
    expect(templateById('nothing')).toBeUndefined();
  });
});
