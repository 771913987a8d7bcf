import { consultationEventSchemas, type TConsultationEvent } from '@app/contracts/events/consultations';
import { eventTypesOf } from '@app/contracts/events/domain';
import { documentProjection } from '../runtime/document-projection.ts';
import type { ConsultationsTable } from './table.ts';

type Row = Omit<ConsultationsTable, 'last_event_position'>;

/** What a search of consultation requests looks through, of the table aliased `alias` (indexed). */
export const consultationSearchText = (alias = '') =>
  `${alias}name || ' ' || ${alias}email || ' ' || coalesce(${alias}phone, '') || ' ' || coalesce(${alias}description, '')`;
/** A request's set as the kept counters name it: Active (not archived) or Previous Requests. */
export const consultationSet = (archived: boolean) => (archived ? 'previous' : 'active');

/** The admin's Consultations manager: every request with its status, notes and archive flag. */
export const consultationsProjection = documentProjection<Row>({
  name: 'consultations',
  // 2: paged lists (search text, counters, indexes).
  version: 2,
  syncType: 'consultation',
  table: 'consultations',
  ddl: (s) => `
    CREATE TABLE ${s}.consultations (
      id integer PRIMARY KEY,
      name text NOT NULL,
      email text NOT NULL,
      phone text,
      preferred_date date NOT NULL,
      preferred_time text,
      service_type text NOT NULL,
      property_type text,
      description text,
      status text NOT NULL,
      notes text NOT NULL,
      archived boolean NOT NULL,
      contacted_at timestamptz,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      last_event_position numeric NOT NULL
    );
    CREATE INDEX ON ${s}.consultations (created_at DESC, id DESC);
    CREATE INDEX ON ${s}.consultations (archived, created_at DESC, id DESC);
    CREATE INDEX ON ${s}.consultations (archived, status, created_at DESC, id DESC);
    CREATE INDEX ON ${s}.consultations (status, created_at DESC, id DESC);
    CREATE INDEX ON ${s}.consultations USING gin ((${consultationSearchText()}) gin_trgm_ops);`,
  // Each set's count and its count by status (the summary tiles; a set and a status is one counter).
  counts: {
    keysOf: (r) => {
      const set = consultationSet(r.archived);
      return ['', `set:${set}`, `status:${r.status}`, `set:${set}:status:${r.status}`];
    },
  },
  eventTypes: eventTypesOf(consultationEventSchemas),
  idOf: (e) => (e.data as { consultationId: number }).consultationId,
  evolve(row, stored) {
    const event = stored as unknown as TConsultationEvent;
    const at = stored.metadata.occurredAt;
    if (event.type === 'ConsultationRequested') {
      const d = event.data;
      return {
        id: d.consultationId,
        name: d.name,
        email: d.email,
        phone: d.phone,
        preferred_date: d.preferredDate,
        preferred_time: d.preferredTime,
        service_type: d.serviceType,
        property_type: d.propertyType,
        description: d.description,
        status: 'pending',
        notes: '',
        archived: false,
        contacted_at: null,
        created_at: at,
        updated_at: at,
      };
    }
    if (!row) return undefined;
    switch (event.type) {
      case 'ConsultationStatusChanged':
        return { ...row, status: event.data.to, updated_at: at };
      case 'ConsultationNotesUpdated':
        return { ...row, notes: event.data.notes, updated_at: at };
      case 'ConsultationContactedAtSet':
        return { ...row, contacted_at: event.data.contactedAt, updated_at: at };
      case 'ConsultationArchived':
        return { ...row, archived: true, updated_at: at };
      case 'ConsultationRestored':
        return { ...row, archived: false, updated_at: at };
      default: {
        const unhandled: never = event;
        return unhandled;
      }
    }
  },
});
