import { describe, expect, it } from 'vitest';
import { consultationRequestedMailFor } from './consultation-requested-mail.ts';

const request = {
  consultationId: 7,
  name: 'Kenai Lodge',
  email: 'lodge@example.com',
  phone: null,
  preferredDate: '2026-12-01',
  preferredTime: 'evening' as const,
  serviceType: 'website_development' as const,
  propertyType: 'warehouse' as const,
  description: 'A booking site',
};

describe('the new consultation mail', () => {
  it('names the options as the form does, not by their codes', () => {
    const mail = consultationRequestedMailFor(
      request,
      ['a@example.com', 'b@example.com'],
      'https://ng.example',
    );
    expect(mail.to).toBe('a@example.com, b@example.com');
    expect(mail.subject).toBe('New consultation request from Kenai Lodge');
    expect(mail.text).toContain('  Service: Website Development\n');
    expect(mail.text).toContain('  Property: Warehouse\n');
    expect(mail.text).toContain('  Preferred date: 2026-12-01 Evening (5PM-8PM)\n');
    expect(mail.text).toContain('  Phone: -\n');
    expect(mail.text).toContain('https://ng.example/admin?view=consultations');
    expect(mail.text).not.toMatch(/website_development|warehouse\b|evening/);
  });

  it('leaves out what the visitor did not choose', () => {
    const mail = consultationRequestedMailFor(
      { ...request, preferredTime: null, propertyType: null },
      ['a@example.com'],
      'https://ng.example',
    );
    expect(mail.text).toContain('  Property: -\n');
    expect(mail.text).toContain('  Preferred date: 2026-12-01\n');
  });
});
