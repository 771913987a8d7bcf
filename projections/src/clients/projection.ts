import { clientEventSchemas, type TClientEvent } from '@app/contracts/events/clients';
import { eventTypesOf } from '@app/contracts/events/domain';
import { documentProjection } from '../runtime/document-projection.ts';
import type { ClientsTable } from './table.ts';

type Row = Omit<ClientsTable, 'last_event_position' | 'version'>;

/** What a search of clients looks through, of the table aliased `alias` (the search index is on it). */
export const clientSearchText = (alias = '') =>
  `${alias}name || ' ' || ${alias}email || ' ' || coalesce(${alias}phone, '') || ' ' || coalesce(${alias}address, '')`;

/** The Clients view and every ownership check: a client row and the sign-in account linked to it. */
export const clientsProjection = documentProjection<Row>({
  name: 'clients',
  // 2: each row keeps its client's version (streamVersion). 3: paged lists (search index, counter).
  // 4: the list's sort index is on the name whatever its case (as the list shows it).
  version: 4,
  streamVersion: true,
  syncType: 'client',
  table: 'clients',
  ddl: (s) => `
    CREATE TABLE ${s}.clients (
      id integer PRIMARY KEY,
      user_id integer,
      name text NOT NULL,
      email text NOT NULL,
      phone text,
      address text,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      version integer NOT NULL,
      last_event_position numeric NOT NULL
    );
    CREATE INDEX ON ${s}.clients (user_id);
    CREATE INDEX ON ${s}.clients (lower(email));
    CREATE INDEX ON ${s}.clients (lower(name), id);
    CREATE INDEX ON ${s}.clients USING gin ((${clientSearchText()}) gin_trgm_ops);`,
  counts: { keysOf: () => [''] },
  eventTypes: eventTypesOf(clientEventSchemas),
  idOf: (e) => (e.data as { clientId: number }).clientId,
  evolve(row, stored) {
    const event = stored as unknown as TClientEvent;
    const at = stored.metadata.occurredAt;
    switch (event.type) {
      case 'ClientRegistered': {
        const { clientId, userId, name, email, phone, address } = event.data;
        return { id: clientId, user_id: userId, name, email, phone, address, created_at: at, updated_at: at };
      }
      case 'ClientUpdated': {
        if (!row) return undefined;
        const { name, email, phone, address } = event.data;
        return { ...row, name, email, phone, address, updated_at: at };
      }
      default: {
        const unhandled: never = event;
        return unhandled;
      }
    }
  },
});
