import { DEFAULT_SETTINGS } from '@app/contracts/api/settings';
import { describe, expect, it } from 'vitest';
import { sectionErrors, sectionProblem } from './section-problem';

describe('sectionProblem', () => {
  it('passes the default sections', () => {
    expect(sectionProblem({ section: 'company', data: DEFAULT_SETTINGS.company })).toBeNull();
    expect(sectionProblem({ section: 'pricing', data: DEFAULT_SETTINGS.pricing })).toBeNull();
    expect(sectionProblem({ section: 'admin', data: DEFAULT_SETTINGS.admin })).toBeNull();
  });

  it('names the field at fault', () => {
    expect(sectionProblem({ section: 'company', data: { ...DEFAULT_SETTINGS.company, name: ' ' } })).toBe(
      'Company name is required',
    );
    expect(sectionProblem({ section: 'admin', data: { name: 'Owner', email: 'not-an-email' } })).toBe(
      'Invalid email',
    );
    const pricing = { ...DEFAULT_SETTINGS.pricing, laborHourlyRate: -5 };
    expect(sectionProblem({ section: 'pricing', data: pricing })).toBe(
      'Labor hourly rate cannot be negative',
    );
  });
});

describe('sectionErrors', () => {
  it('keys each refused field by its path inside the section', () => {
    expect(sectionErrors({ section: 'admin', data: { name: 'Owner', email: 'not-an-email' } })).toEqual({
      email: 'Invalid email',
    });
    expect(
      sectionErrors({ section: 'company', data: { ...DEFAULT_SETTINGS.company, name: ' ', email: 'x' } }),
    ).toEqual({ name: 'Company name is required', email: 'Invalid email' });
    const pricing = { ...DEFAULT_SETTINGS.pricing, laborHourlyRate: -5 };
    expect(sectionErrors({ section: 'pricing', data: pricing })).toEqual({
      laborHourlyRate: 'Labor hourly rate cannot be negative',
    });
    expect(sectionErrors({ section: 'company', data: DEFAULT_SETTINGS.company })).toEqual({});
  });
});
