import { DEFAULT_SITE_CONTENT } from '@app/contracts/api/settings';
import { describe, expect, it } from 'vitest';
import {
  contactErrors,
  contactInfo,
  contactProblem,
  contentDraft,
  contentErrors,
  contentProblem,
  defaultDraft,
} from './content-form';

describe('the content form', () => {
  it('keeps the eight editable fields of the public content', () => {
    const draft = contentDraft({ ...DEFAULT_SITE_CONTENT, logo: '/files/logo.jpg' } as never);
    expect(draft).toEqual(DEFAULT_SITE_CONTENT);
    expect(Object.keys(draft)).toHaveLength(8);
  });

  it('resets to a copy of the Alaska defaults', () => {
    const draft = defaultDraft();
    expect(draft).toEqual(DEFAULT_SITE_CONTENT);
    expect(draft).not.toBe(DEFAULT_SITE_CONTENT);
    expect(draft.heroDescription).toMatch(/Alaska/);
  });

  it('sends the contact section under the contact endpoint names', () => {
    expect(contactInfo(DEFAULT_SITE_CONTENT)).toEqual({
      email: DEFAULT_SITE_CONTENT.contactEmail,
      phone: DEFAULT_SITE_CONTENT.contactPhone,
      website: DEFAULT_SITE_CONTENT.website,
      address: DEFAULT_SITE_CONTENT.address,
    });
  });
});

describe('the checks before saving', () => {
  it('passes the defaults', () => {
    expect(contentProblem(DEFAULT_SITE_CONTENT)).toBeNull();
    expect(contactProblem(contactInfo(DEFAULT_SITE_CONTENT))).toBeNull();
  });

  it('names what is wrong', () => {
    expect(contentProblem({ ...DEFAULT_SITE_CONTENT, companyTitle: '  ' })).toBe('Company title is required');
    expect(contactProblem({ ...contactInfo(DEFAULT_SITE_CONTENT), email: 'nope' })).toBe('Invalid email');
  });

  it('allows an empty contact email', () => {
    expect(contactProblem({ ...contactInfo(DEFAULT_SITE_CONTENT), email: '' })).toBeNull();
  });

  it("marks each refused field under the draft's own name", () => {
    expect(contentErrors({ ...DEFAULT_SITE_CONTENT, companyTitle: ' ' })).toEqual({
      companyTitle: 'Company title is required',
    });
    expect(contactErrors({ ...contactInfo(DEFAULT_SITE_CONTENT), email: 'nope' })).toEqual({
      contactEmail: 'Invalid email',
    });
    expect(contentErrors(DEFAULT_SITE_CONTENT)).toEqual({});
  });
});
