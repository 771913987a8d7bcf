import { businessToday } from '@app/contracts/api/consultations';
import type { TConsultationEvent } from '@app/contracts/events/consultations';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../platform/errors.ts';
import { consultationDecider, requestConsultation, updateConsultation } from './decide.ts';

const requested: TConsultationEvent = {
  type: 'ConsultationRequested',
  data: {
    consultationId: 3,
    name: 'Ann',
    email: 'ann@example.com',
    phone: null,
    preferredDate: '2026-12-01',
    preferredTime: null,
    serviceType: 'starlink',
    propertyType: null,
    description: null,
  },
};
const given = (events: TConsultationEvent[]) =>
  events.reduce(consultationDecider.evolve, consultationDecider.initial);
const now = new Date('2026-11-20T20:00:00Z');
const body = {
  name: 'Ann',
  email: 'ann@example.com',
  phone: null,
  preferredDate: '2026-11-20',
  preferredTime: null,
  serviceType: 'starlink' as const,
  propertyType: null,
  description: null,
};

describe('consultation decisions', () => {
  it('takes today in Alaska, not in UTC', () => {
    // 05:00 UTC on the 21st is still the 20th in Anchorage.
    expect(businessToday(new Date('2026-11-21T05:00:00Z'))).toBe('2026-11-20');
  });

  it('accepts today and refuses a date before today', () => {
    expect(requestConsultation(given([]), { consultationId: 3, body, now })[0]?.type).toBe(
      'ConsultationRequested',
    );
    const past = () =>
      requestConsultation(given([]), {
        consultationId: 3,
        body: { ...body, preferredDate: '2026-11-19' },
        now,
      });
    expect(past).toThrow(DomainError);
    expect(past).toThrow('Preferred date cannot be in the past.');
  });

  it('marking contacted archives the request and stamps contactedAt', () => {
    const events = updateConsultation(given([requested]), { patch: { status: 'contacted' }, now });
    expect(events).toEqual([
      { type: 'ConsultationStatusChanged', data: { consultationId: 3, from: 'pending', to: 'contacted' } },
      { type: 'ConsultationContactedAtSet', data: { consultationId: 3, contactedAt: now.toISOString() } },
      { type: 'ConsultationArchived', data: { consultationId: 3 } },
    ]);
  });

  it('keeps an existing contactedAt and lets archive and restore toggle on their own', () => {
    const contacted = '2026-11-01T10:00:00.000Z';
    const state = given([
      requested,
      { type: 'ConsultationContactedAtSet', data: { consultationId: 3, contactedAt: contacted } },
    ]);
    const events = updateConsultation(state, { patch: { status: 'contacted', archived: false }, now });
    expect(events.map((e) => e.type)).toEqual(['ConsultationStatusChanged']);
    const archived = given([requested, { type: 'ConsultationArchived', data: { consultationId: 3 } }]);
    expect(updateConsultation(archived, { patch: { archived: false }, now })).toEqual([
      { type: 'ConsultationRestored', data: { consultationId: 3 } },
    ]);
  });

  it('answers not found for an unknown request and changes nothing when nothing differs', () => {
    expect(() => updateConsultation(given([]), { patch: { status: 'contacted' }, now })).toThrow(
      'Consultation request not found',
    );
    expect(updateConsultation(given([requested]), { patch: { status: 'pending', notes: '' }, now })).toEqual(
      [],
    );
  });
});
