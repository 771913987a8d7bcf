import { documentProjection } from '../runtime/document-projection.ts';

/**
 * The read model behind the client portal's payments. Its table and reads exist now so the portal and its
 * guards are real; the invoice slice adds the events that fill it (and bumps the version so it is rebuilt).
 * Messages and appointments have their own slices: projections/src/messages, projections/src/appointments.
 */
const notYetFilled = { eventTypes: new Set<string>(), idOf: () => null, evolve: () => undefined } as const;

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
