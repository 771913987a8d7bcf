import type { TFormData } from '@app/contracts/events/documents';
import type { TFormSection } from '@app/contracts/forms/definition';
import { bothZones } from '../platform/pdf.ts';

/** A form key as a label: "cameraCount" → "Camera count", "install_date" → "Install date". */
export function fieldLabel(key: string): string {
  const words = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : key;
}

export function answerText(value: TFormData[string]): string {
  if (value === null) return '(no answer)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length ? value.join(', ') : '(none)';
  return String(value);
}

export interface Signer {
  name: string;
  email: string;
  role: string;
}

export interface TrailEntry {
  at: string;
  type: string;
  who: string;
}

export interface CertificateFacts {
  documentId: number;
  title: string;
  signer: Signer;
  signedAt: string;
  ip: string;
  userAgent: string;
  contentSha256: string;
  pdfContentSha256: string;
  contentPages: number;
  trail: TrailEntry[];
  /** The newer version that replaced this document, and when: its signature no longer counts. */
  replaced?: { documentId: number; at: string } | undefined;
}

/** The certificate's text, one paragraph per entry (the renderer wraps them). Headings start with "# ". */
export function certificateLines(c: CertificateFacts): string[] {
  const pages = c.contentPages === 1 ? 'page 1' : `pages 1-${c.contentPages}`;
  return [
    '# Certificate of completion',
    `Document: #${c.documentId} - ${c.title}`,
    ...(c.replaced
      ? [
          `VOID: this signature no longer counts. Document #${c.documentId} was replaced by its new version ` +
            `#${c.replaced.documentId} on ${bothZones(c.replaced.at)}; the client is asked to sign the new version.`,
        ]
      : []),
    `Signer: ${c.signer.name} <${c.signer.email}> (role: ${c.signer.role})`,
    `Signed at: ${bothZones(c.signedAt)}`,
    `IP address: ${c.ip || '(unknown)'}`,
    `Browser (user agent): ${c.userAgent || '(none sent)'}`,
    '# Integrity',
    `Signed content SHA-256: ${c.contentSha256}`,
    'This is the hash recorded when the document was signed: SHA-256 of the canonical JSON of the document id, ' +
      'title, description, template and answers (keys sorted, UTF-8).',
    `Signed PDF content pages SHA-256: ${c.pdfContentSha256}`,
    `This is the SHA-256 of the PDF file made of ${pages} of this document alone (the form and the signature, ` +
      'before this certificate page was added).',
    '# Event log',
    // " | " rather than dashes: text extractors join a line-final hyphen to the next line.
    ...c.trail.map((e) => `${bothZones(e.at)} | ${e.type} | ${e.who}`),
  ];
}

export interface FormFacts {
  title: string;
  description: string;
  formData: TFormData;
  /** The form's questions when it has them: their labels and order are used, section by section. */
  sections?: readonly TFormSection[] | null;
}

/**
 * The form as text: the title, its description, then each question and its answer: the form's own
 * questions in order (an unanswered one says so), then any answer no question names, labelled by its key.
 */
export function formLines(form: FormFacts): string[] {
  const lines = [`# ${form.title}`];
  if (form.description) lines.push(form.description);
  const asked = new Set<string>();
  for (const section of form.sections ?? []) {
    if (section.title) lines.push(`# ${section.title}`);
    if (section.description) lines.push(section.description);
    for (const field of section.fields) {
      asked.add(field.id);
      lines.push(`## ${field.label}`, answerText(form.formData[field.id] ?? null));
    }
  }
  for (const [key, value] of Object.entries(form.formData))
    if (!asked.has(key)) lines.push(`## ${fieldLabel(key)}`, answerText(value));
  return lines;
}
