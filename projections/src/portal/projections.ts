import { documentProjection } from '../runtime/document-projection.ts';

/**
 * The read models behind the client portal's appointments and payments. Their tables and reads exist now so
 * the portal and its guards are real; the calendar and invoice slices add the events that fill them (and bump
 * the version so they are rebuilt). Messages have their own slice: projections/src/messages.
 */
const notYetFilled = { eventTypes: new Set<string>(), idOf: () => null, evolve: () => undefined } as const;

export const appointmentsProjection = documentProjection({
  name: 'appointments',
  version: 1,
  syncType: 'appointment',
  table: 'appointments',
  ddl: (s) => `
    CREATE TABLE ${s}.appointments (
      id integer PRIMARY KEY,
      client_id integer NOT NULL,
      title text NOT NULL,
      description text NOT NULL,
      scheduled_date date NOT NULL,
      start_time text,
      end_time text,
      duration integer NOT NULL,
      status text NOT NULL,
      type text NOT NULL,
      location text,
      created_at timestamptz NOT NULL,
      last_event_position numeric NOT NULL
    );
    CREATE INDEX ON ${s}.appointments (client_id, scheduled_date);`,
  ...notYetFilled,
});

export const paymentsProjection = documentProjection({
  name: 'payments',
  version: 1,
  syncType: 'payment',
  table: 'payments',
  ddl: (s) => `
    CREATE TABLE ${s}.payments (
      id integer PRIMARY KEY,
      project_id integer NOT NULL,
      client_id integer NOT NULL,
      amount numeric(12, 2) NOT NULL,
      description text NOT NULL,
      invoice_number text,
      status text NOT NULL,
      payment_method text,
      due_date date,
      paid_at timestamptz,
      created_at timestamptz NOT NULL,
      last_event_position numeric NOT NULL
    );
    CREATE INDEX ON ${s}.payments (client_id, created_at);
    CREATE INDEX ON ${s}.payments (status);`,
  ...notYetFilled,
});
