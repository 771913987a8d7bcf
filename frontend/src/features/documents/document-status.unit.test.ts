import type { TDocument } from '@app/contracts/api/documents';
import { describe, expect, it } from 'vitest';
import {
  awaitingSignature,
  awaitsReview,
  canSign,
  documentBadge,
  requiredDocuments,
  sizeInKb,
} from './document-status';

let nextId = 1;
const doc = (change: Partial<TDocument>): TDocument => ({
  id: nextId++,
  projectId: 7,
  clientId: 3,
  title: 'Form',
  type: 'form',
  status: 'pending',
  formData: {},
  templateType: null,
  fileUrl: null,
  downloadUrl: null,
  filename: null,
  mimeType: null,
  size: null,
  description: '',
  signature: null,
  supersededBy: null,
  signatureVoid: false,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...change,
});

describe('document status', () => {
  it('colours signed green, pending yellow and everything else grey; a replaced signature is Void', () => {
    expect(documentBadge(doc({ status: 'completed' }))).toEqual({ label: 'Signed', tone: 'green' });
    expect(documentBadge(doc({}))).toEqual({ label: 'Pending', tone: 'yellow' });
    expect(documentBadge(doc({ type: 'upload' }))).toEqual({ label: 'Pending', tone: 'yellow' });
    expect(documentBadge(doc({ status: 'completed', signatureVoid: true, supersededBy: 9 }))).toEqual({
      label: 'Void',
      tone: 'grey',
    });
    expect(documentBadge(doc({ supersededBy: 9 }))).toEqual({ label: 'Replaced', tone: 'grey' });
    // An answer from before versions existed has neither field.
    const { signatureVoid: _, supersededBy: __, ...older } = doc({ status: 'completed' });
    expect(documentBadge(older)).toEqual({ label: 'Signed', tone: 'green' });
  });

  it("shows staff a client's unreviewed upload as Pending review, the client as Pending, and a reviewed one Completed", () => {
    const upload = doc({ type: 'upload' });
    expect(awaitsReview(upload)).toBe(true);
    expect(documentBadge(upload, 'staff')).toEqual({ label: 'Pending review', tone: 'yellow' });
    expect(documentBadge(upload, 'client')).toEqual({ label: 'Pending', tone: 'yellow' });
    // A form waits for a signature, not for a review, whoever reads it.
    expect(awaitsReview(doc({}))).toBe(false);
    expect(documentBadge(doc({}), 'staff')).toEqual({ label: 'Pending', tone: 'yellow' });
    const reviewed = doc({ type: 'upload', status: 'completed' });
    expect(awaitsReview(reviewed)).toBe(false);
    expect(documentBadge(reviewed, 'staff')).toEqual({ label: 'Completed', tone: 'grey' });
    expect(documentBadge(doc({ type: 'upload', supersededBy: 3 }), 'staff').label).toBe('Replaced');
  });

  it('counts only current pending forms as awaiting the client, newest first', () => {
    const older = doc({ createdAt: '2026-11-01T00:00:00.000Z' });
    const newer = doc({ createdAt: '2026-11-02T00:00:00.000Z' });
    const docs = [
      older,
      newer,
      doc({ status: 'completed' }),
      doc({ supersededBy: 40 }),
      doc({ type: 'upload' }),
    ];
    expect(awaitingSignature(docs).map((d) => d.id)).toEqual([newer.id, older.id]);
    expect(canSign(doc({ supersededBy: 4 }))).toBe(false);
    expect(canSign(doc({ status: 'completed' }))).toBe(false);
  });

  it('marks a required document Signed only by a current signed form of its template for that project', () => {
    const docs = [
      doc({ templateType: 'property-permission', status: 'completed' }),
      doc({ templateType: 'insurance-certificate', status: 'completed', projectId: 8 }),
      doc({ templateType: 'service-agreement', status: 'completed', signatureVoid: true, supersededBy: 99 }),
      doc({ templateType: 'service-agreement' }),
    ];
    const states = requiredDocuments(docs, 7);
    expect(states.map((s) => [s.template.title, Boolean(s.signed), Boolean(s.pending)])).toEqual([
      ['Property Permission Form', true, false],
      ['Insurance Certificate', false, false],
      ['Service Agreement', false, true],
    ]);
  });

  it('shows sizes in KB with one decimal', () => {
    expect(sizeInKb(1536)).toBe('1.5 KB');
    expect(sizeInKb(null)).toBe('');
  });
});
