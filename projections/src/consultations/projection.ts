import { consultationEventSchemas, type TConsultationEvent } from '@app/contracts/events/consultations';
import { eventTypesOf } from '@app/contracts/events/domain';
import { documentProjection } from '../runtime/document-projection.ts';
import type { ConsultationsTable } from './table.ts';

type Row = Omit<ConsultationsTable, 'last_event_position'>;

/** The admin's Consultations manager: every request with its status, notes and archive flag. */
export const consultationsProjection = documentProjection<Row>({
  name: 'consultations',
  version: 1,
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
    CREATE INDEX ON ${s}.consultations (archived, created_at DESC);`,
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
