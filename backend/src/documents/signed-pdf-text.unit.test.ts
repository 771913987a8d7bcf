import { describe, expect, it } from 'vitest';
import { answerText, certificateLines, fieldLabel, formLines } from './signed-pdf-text.ts';

describe('signed PDF text', () => {
  it('turns form keys into labels and answers into words', () => {
    expect(fieldLabel('cameraCount')).toBe('Camera count');
    expect(fieldLabel('install_date')).toBe('Install date');
    expect([true, false, null, ['a', 'b'], [], 3].map(answerText)).toEqual([
      'Yes',
      'No',
      '(no answer)',
      'a, b',
      '(none)',
      '3',
    ]);
    expect(formLines({ title: 'T', description: '', formData: { rush: false } })).toEqual([
      '# T',
      '## Rush',
      'No',
    ]);
  });

  it("writes a form's own questions by label and in order, then answers no question names", () => {
    const field = (id: string, label: string) => ({
      id,
      label,
      type: 'text' as const,
      placeholder: '',
      required: true,
      options: [],
    });
    const sections = [
      {
        id: 's',
        title: 'Property',
        description: 'Where we work.',
        collapsed: false,
        fields: [field('owner', 'Owner Name'), field('phone', 'Owner Phone')],
      },
    ];
    expect(
      formLines({ title: 'T', description: '', formData: { extraNote: 'hi', owner: 'Mara' }, sections }),
    ).toEqual([
      '# T',
      '# Property',
      'Where we work.',
      '## Owner Name',
      'Mara',
      '## Owner Phone',
      '(no answer)',
      '## Extra note',
      'hi',
    ]);
  });

  it('names what each hash covers and lists every event of the trail', () => {
    const lines = certificateLines({
      documentId: 3,
      title: 'Quote',
      signer: { name: 'Jane Doe', email: 'j@example.com', role: 'client' },
      signedAt: '2026-01-15T20:00:00.000Z',
      ip: '10.0.0.1',
      userAgent: 'UA',
      contentSha256: 'a'.repeat(64),
      pdfContentSha256: 'b'.repeat(64),
      contentPages: 3,
      trail: [
        { at: '2026-01-15T19:00:00.000Z', type: 'DocumentFormCreated', who: 'admin' },
        { at: '2026-01-15T20:00:00.000Z', type: 'DocumentSigned', who: 'Jane Doe' },
      ],
    });
    expect(lines).toContain(`Signed content SHA-256: ${'a'.repeat(64)}`);
    expect(lines.join('\n')).toContain('PDF file made of pages 1-3 of this document alone');
    expect(lines.filter((l) => / \| Document/.test(l))).toHaveLength(2);
    expect(lines.join('\n')).not.toContain('VOID');
  });

  it('says a replaced document’s signature is void, naming the new version and when', () => {
    const lines = certificateLines({
      documentId: 3,
      title: 'Quote',
      signer: { name: 'Jane Doe', email: 'j@example.com', role: 'client' },
      signedAt: '2026-01-15T20:00:00.000Z',
      ip: '10.0.0.1',
      userAgent: 'UA',
      contentSha256: 'a'.repeat(64),
      pdfContentSha256: 'b'.repeat(64),
      contentPages: 1,
      trail: [],
      replaced: { documentId: 9, at: '2026-01-16T18:30:00.000Z' },
    });
    expect(lines[2]).toBe(
      'VOID: this signature no longer counts. Document #3 was replaced by its new version #9 on ' +
        'Jan 16, 2026, 9:30:00 AM AKST (America/Anchorage) / 2026-01-16 18:30:00 UTC; the client is asked to sign the new version.',
    );
  });
});
