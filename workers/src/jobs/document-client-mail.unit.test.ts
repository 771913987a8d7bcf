import { describe, expect, it } from 'vitest';
import { documentMailFor } from './document-client-mail.ts';

describe('the mail about a client document', () => {
  it('a signature names the client, the form, the project and the time in Alaska', () => {
    const mail = documentMailFor(
      {
        action: 'signed',
        clientName: 'Kenai Lodge',
        title: 'Property Permission Form',
        filename: null,
        projectTitle: 'Lodge cameras',
        at: '2026-11-24T09:37:27.000Z',
      },
      ['a@example.com', 'b@example.com'],
      'https://ng.example',
    );
    expect(mail.to).toBe('a@example.com, b@example.com');
    expect(mail.subject).toBe('Kenai Lodge signed: Property Permission Form');
    expect(mail.text).toContain('  Project: Lodge cameras\n');
    expect(mail.text).toContain('  Signed at: Nov 24, 2026, 12:37 AM AKST\n');
    expect(mail.text).toContain('https://ng.example/admin?view=documents');
    expect(mail.text).not.toContain('File:');
  });

  it('an upload names the file; a document without a project is Unassigned', () => {
    const mail = documentMailFor(
      {
        action: 'uploaded',
        clientName: 'Kenai Lodge',
        title: 'Insurance',
        filename: 'insurance 2026.pdf',
        projectTitle: null,
        at: '2026-07-01T20:00:00.000Z',
      },
      ['a@example.com'],
      'https://ng.example',
    );
    expect(mail.subject).toBe('Kenai Lodge uploaded: Insurance');
    expect(mail.text).toContain('  File: insurance 2026.pdf\n');
    expect(mail.text).toContain('  Project: Unassigned\n');
    expect(mail.text).toContain('  Uploaded at: Jul 1, 2026, 12:00 PM AKDT\n');
  });
});
