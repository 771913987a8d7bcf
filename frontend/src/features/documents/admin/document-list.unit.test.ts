import { describe, expect, it } from 'vitest';
import { awaitsReview } from '../document-status';
import {
  canSign,
  deleteConfirmation,
  groupDocuments,
  type ListedDocument,
  rowStatusLabel,
  UNASSIGNED_TITLE,
} from './document-list';

const doc = (id: number, projectId: number | null, change: Partial<ListedDocument> = {}): ListedDocument => ({
  id,
  projectId,
  title: `Doc ${id}`,
  type: 'upload',
  status: 'pending',
  createdAt: `2026-11-0${id}T10:00:00.000Z`,
  ...change,
});

const projects = [
  { id: 1, title: 'Zeta cameras', clientName: 'Ann' },
  { id: 2, title: 'Alpha Starlink', clientName: 'Bob' },
];

describe('the Documents tab list', () => {
  it('groups by project (by title), newest first, with Unassigned last and an unknown project kept', () => {
    const groups = groupDocuments(
      [doc(1, 1), doc(2, null), doc(3, 2), doc(4, 1), doc(5, 9), doc(6, null)],
      projects,
    );
    expect(groups.map((g) => [g.title, g.documents.map((d) => d.id)])).toEqual([
      ['Alpha Starlink', [3]],
      ['Project #9', [5]],
      ['Zeta cameras', [4, 1]],
      [UNASSIGNED_TITLE, [6, 2]],
    ]);
    expect(groups[0]!.subtitle).toBe('Bob');
  });

  it('filters by type and drops the groups left empty', () => {
    const all = [doc(1, 1, { type: 'form' }), doc(2, 2, { type: 'photo' }), doc(3, null)];
    expect(groupDocuments(all, projects, 'form').map((g) => g.key)).toEqual(['project-1']);
    expect(groupDocuments(all, projects, 'photo').map((g) => g.key)).toEqual(['project-2']);
    expect(groupDocuments(all, projects, 'upload').map((g) => g.key)).toEqual(['unassigned']);
    expect(groupDocuments(all, projects, 'all')).toHaveLength(3);
    expect(groupDocuments([], projects)).toEqual([]);
  });

  it('labels forms Signed, Pending or void, and offers signing only for a current unsigned form', () => {
    const form = doc(1, 1, { type: 'form' });
    expect(rowStatusLabel(form)).toBe('Pending');
    expect(canSign(form)).toBe(true);
    const signed = { ...form, status: 'completed' as const };
    expect(rowStatusLabel(signed)).toBe('Signed');
    expect(canSign(signed)).toBe(false);
    expect(rowStatusLabel({ ...signed, signatureVoid: true, supersededBy: 7 })).toBe(
      'Void — needs new signature',
    );
    expect(canSign({ ...form, supersededBy: 7 })).toBe(false);
    expect(rowStatusLabel({ ...form, supersededBy: 7 })).toBe('Replaced');
    expect(rowStatusLabel(doc(2, 1, { status: 'completed' }))).toBeNull();
    expect(canSign(doc(2, 1))).toBe(false);
  });

  it("labels a client's upload Pending review until staff review it, then shows no state", () => {
    const upload = doc(3, 1, { type: 'upload', status: 'pending' });
    expect(rowStatusLabel(upload)).toBe('Pending review');
    expect(awaitsReview(upload)).toBe(true);
    const reviewed = { ...upload, status: 'completed' as const };
    expect(rowStatusLabel(reviewed)).toBeNull();
    expect(awaitsReview(reviewed)).toBe(false);
    expect(awaitsReview(doc(4, 1, { type: 'form', status: 'pending' }))).toBe(false);
  });

  it('asks before deleting with the exact text', () => {
    expect(deleteConfirmation('Quote')).toBe(
      'Are you sure you want to delete "Quote"? This action cannot be undone.',
    );
  });
});
