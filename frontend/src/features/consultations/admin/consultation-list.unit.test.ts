import type { TConsultation } from '@app/contracts/api/consultations';
import { describe, expect, it } from 'vitest';
import {
  actionToast,
  canMarkContacted,
  managePatch,
  manageSaveLabel,
  summaryCounts,
  visibleConsultations,
} from './consultation-list';

let nextId = 1;
const consultation = (overrides: Partial<TConsultation> = {}): TConsultation => ({
  id: nextId++,
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: null,
  preferredDate: '2030-01-15',
  preferredTime: 'morning',
  serviceType: 'starlink',
  propertyType: 'residential',
  description: null,
  status: 'pending',
  notes: '',
  archived: false,
  contactedAt: null,
  createdAt: '2030-01-01T10:00:00.000Z',
  ...overrides,
});

describe('visibleConsultations', () => {
  const active = consultation({ status: 'pending' });
  const activeScheduled = consultation({ status: 'scheduled' });
  const previous = consultation({ status: 'contacted', archived: true });
  const all = [active, activeScheduled, previous];

  it('splits active (not archived) from Previous Requests (archived)', () => {
    expect(visibleConsultations(all, 'active', 'all')).toEqual([active, activeScheduled]);
    expect(visibleConsultations(all, 'previous', 'all')).toEqual([previous]);
  });

  it('narrows the set by status', () => {
    expect(visibleConsultations(all, 'active', 'scheduled')).toEqual([activeScheduled]);
    expect(visibleConsultations(all, 'previous', 'pending')).toEqual([]);
  });
});

describe('summaryCounts', () => {
  it('counts every status of the chosen set only', () => {
    const all = [
      consultation({ status: 'pending' }),
      consultation({ status: 'pending' }),
      consultation({ status: 'completed' }),
      consultation({ status: 'contacted', archived: true }),
    ];
    expect(summaryCounts(all, 'active')).toEqual({
      total: 3,
      pending: 2,
      contacted: 0,
      scheduled: 0,
      completed: 1,
      cancelled: 0,
    });
    expect(summaryCounts(all, 'previous')).toMatchObject({ total: 1, contacted: 1, pending: 0 });
  });
});

describe('canMarkContacted', () => {
  it('is offered on active pending requests', () => {
    expect(canMarkContacted(consultation())).toBe(true);
  });

  it('is not offered on archived or non-pending requests', () => {
    expect(canMarkContacted(consultation({ archived: true }))).toBe(false);
    expect(canMarkContacted(consultation({ status: 'scheduled' }))).toBe(false);
  });
});

describe('the Manage modal', () => {
  it('reads Mark Contacted & Archive while contacted is chosen and the request is still active', () => {
    expect(manageSaveLabel(consultation(), 'contacted')).toBe('Mark Contacted & Archive');
  });

  it('reads Save Changes otherwise', () => {
    expect(manageSaveLabel(consultation(), 'scheduled')).toBe('Save Changes');
    expect(manageSaveLabel(consultation({ archived: true }), 'contacted')).toBe('Save Changes');
  });

  it('asks to archive a restored contacted request, as the button promises', () => {
    const restored = consultation({ status: 'contacted' });
    expect(managePatch(restored, { status: 'contacted', notes: 'called' })).toEqual({
      status: 'contacted',
      notes: 'called',
      archived: true,
    });
  });

  it('leaves archived alone for any other change', () => {
    expect(managePatch(consultation(), { status: 'scheduled', notes: '' })).toEqual({
      status: 'scheduled',
      notes: '',
    });
    expect(managePatch(consultation({ archived: true }), { status: 'contacted', notes: '' })).toEqual({
      status: 'contacted',
      notes: '',
    });
  });
});

describe('actionToast', () => {
  const before = consultation();

  it('says a saved change moved the request to Previous Requests when it did', () => {
    const after = { ...before, status: 'contacted' as const, archived: true };
    expect(actionToast('update', before, after)).toEqual({
      title: 'Consultation updated',
      description: 'It was marked as contacted and moved to Previous Requests.',
    });
  });

  it('says the changes were saved when the request stayed put', () => {
    expect(actionToast('update', before, { ...before, notes: 'x' }).description).toBe(
      'Your changes were saved.',
    );
  });

  it('names the move for Mark Contacted, Archive and Restore', () => {
    const archived = { ...before, archived: true };
    expect(actionToast('contacted', before, archived).description).toMatch(/Previous Requests/);
    expect(actionToast('archive', before, archived).title).toBe('Consultation archived');
    expect(actionToast('restore', archived, before)).toEqual({
      title: 'Consultation restored',
      description: 'It moved back to Active Requests.',
    });
  });
});
