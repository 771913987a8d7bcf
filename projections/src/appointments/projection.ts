import { utcToLocal } from '@app/contracts/calendar/time-zone';
import { appointmentEventSchemas, type TAppointmentEvent } from '@app/contracts/events/appointments';
import { eventTypesOf } from '@app/contracts/events/domain';
import type { StoredEvent } from '@app/contracts/events/envelope';
import { documentProjection } from '../runtime/document-projection.ts';
import type { AppointmentsTable } from './table.ts';

export type AppointmentRow = Omit<AppointmentsTable, 'last_event_position' | 'version'>;

const DEFAULT_MINUTES = 60;

/** The row after one appointment event (pure, so it is unit tested without a database). */
export function evolveAppointment(
  row: AppointmentRow | null,
  event: TAppointmentEvent,
): AppointmentRow | undefined {
  switch (event.type) {
    case 'AppointmentScheduled': {
      const d = event.data;
      return {
        id: d.appointmentId,
        client_id: d.clientId,
        status: d.status,
        created_at: d.scheduledAt,
        ...detailsOf(d),
        updated_at: d.scheduledAt,
      };
    }
    case 'AppointmentChanged':
      if (!row) return undefined;
      return {
        ...row,
        ...detailsOf(event.data),
        status: event.data.status,
        updated_at: event.data.changedAt,
      };
    case 'AppointmentCancelled':
      if (!row) return undefined;
      return { ...row, status: 'cancelled', updated_at: event.data.cancelledAt };
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

function detailsOf(
  d: Extract<TAppointmentEvent, { type: 'AppointmentChanged' | 'AppointmentScheduled' }>['data'],
) {
  const start = utcToLocal(d.startsAt);
  const end = d.endsAt === null ? null : utcToLocal(d.endsAt);
  const minutes =
    d.endsAt === null
      ? DEFAULT_MINUTES
      : Math.round((Date.parse(d.endsAt) - Date.parse(d.startsAt)) / 60_000);
  return {
    project_id: d.projectId,
    title: d.title,
    description: d.description,
    scheduled_date: start.date,
    start_time: start.time,
    end_time: end?.time ?? null,
    duration: minutes,
    type: d.appointmentType,
    location: d.location === '' ? null : d.location,
    starts_at: d.startsAt,
    ends_at: d.endsAt,
  };
}

/**
 * Appointments (spec part 2, sections 3 "Appointment", 7): the admin's list, the client portal's Schedule and
 * Next Appointment card. A cancelled appointment keeps its row with status `cancelled`.
 */
export const appointmentsProjection = documentProjection<AppointmentRow>({
  name: 'appointments',
  // 1: the portal's empty table. 2: filled by the appointment events (project, instants, updated_at).
  // 3: each row keeps its appointment's version (streamVersion).
  version: 3,
  streamVersion: true,
  syncType: 'appointment',
  table: 'appointments',
  ddl: (s) => `
    CREATE TABLE ${s}.appointments (
      id integer PRIMARY KEY,
      client_id integer NOT NULL,
      project_id integer,
      title text NOT NULL,
      description text NOT NULL,
      scheduled_date date NOT NULL,
      start_time text,
      end_time text,
      duration integer NOT NULL,
      status text NOT NULL,
      type text NOT NULL,
      location text,
      starts_at timestamptz NOT NULL,
      ends_at timestamptz,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      version integer NOT NULL,
      last_event_position numeric NOT NULL
    );
    CREATE INDEX ON ${s}.appointments (client_id, starts_at);
    CREATE INDEX ON ${s}.appointments (starts_at);`,
  eventTypes: eventTypesOf(appointmentEventSchemas),
  idOf: (e: StoredEvent) => (e.data as { appointmentId: number }).appointmentId,
  evolve: (row, stored) => evolveAppointment(row, stored as unknown as TAppointmentEvent),
});
