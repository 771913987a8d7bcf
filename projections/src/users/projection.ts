import { eventTypesOf } from '@app/contracts/events/domain';
import type { StoredEvent } from '@app/contracts/events/envelope';
import { type TUserEvent, userEventSchemas } from '@app/contracts/events/users';
import { documentProjection } from '../runtime/document-projection.ts';
import type { UsersTable } from './table.ts';

type Row = Omit<UsersTable, 'last_event_position'>;

/** What a search of users looks through (name and e-mail), of the table aliased `alias` (the search index is on it). */
export const userSearchText = (alias = '') =>
  `${alias}first_name || ' ' || ${alias}last_name || ' ' || ${alias}email`;

/** The users list's sort key (last name, first name, whatever their case), of the table aliased `alias`. */
export const userSortKey = (alias = '') => [
  `lower(${alias}last_name)`,
  `lower(${alias}first_name)`,
  `${alias}id`,
];

/**
 * The users list (admin Users view). Rows are keyed by the events' `userId`, whatever their stream: an account's
 * sign-ins and mailed passwords come from `user-activity-<id>` (from `user-<id>` when stored before that existed).
 */
export const usersProjection = documentProjection<Row>({
  name: 'users',
  // 2: acts only on user events (version 1 parked other events that carry a userId); the rebuild clears them.
  // 3: paged lists (issue 23): sort and search indexes, counters of all rows and of each role.
  version: 3,
  syncType: 'user',
  table: 'users',
  ddl: (s) => `
    CREATE TABLE ${s}.users (
      id integer PRIMARY KEY,
      email text NOT NULL,
      first_name text NOT NULL,
      last_name text NOT NULL,
      role text NOT NULL,
      must_change_password boolean NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      last_login_at timestamptz,
      last_event_position numeric NOT NULL
    );
    CREATE INDEX ON ${s}.users (lower(email));
    CREATE INDEX ON ${s}.users (role);
    CREATE INDEX ON ${s}.users (${userSortKey().join(', ')});
    CREATE INDEX ON ${s}.users (role, ${userSortKey().join(', ')});
    CREATE INDEX ON ${s}.users USING gin ((${userSearchText()}) gin_trgm_ops);`,
  counts: { keysOf: (row) => ['', `role:${row.role}`] },
  eventTypes: eventTypesOf(userEventSchemas),
  idOf: (e) => (e.data as { userId: number }).userId,
  evolve(row, stored) {
    const event = stored as unknown as TUserEvent;
    const at = stored.metadata.occurredAt;
    switch (event.type) {
      case 'UserCreated':
        return {
          id: event.data.userId,
          email: event.data.email,
          first_name: event.data.firstName,
          last_name: event.data.lastName,
          role: event.data.role,
          must_change_password: event.data.mustChangePassword,
          created_at: at,
          updated_at: at,
          last_login_at: null,
        };
      case 'UserDeleted':
        return null;
      default:
        if (!row) return undefined;
        return evolveExisting(row, event, stored);
    }
  },
});

function evolveExisting(row: Row, event: TUserEvent, stored: StoredEvent): Row | undefined {
  const at = stored.metadata.occurredAt;
  switch (event.type) {
    case 'UserRoleChanged':
      return { ...row, role: event.data.to, updated_at: at };
    case 'UserRenamed':
      return { ...row, first_name: event.data.firstName, last_name: event.data.lastName, updated_at: at };
    case 'UserPasswordChanged':
      return { ...row, must_change_password: false, updated_at: at };
    case 'TemporaryPasswordIssued':
      return { ...row, must_change_password: true, updated_at: at };
    case 'UserLoggedIn':
      return { ...row, last_login_at: at };
    case 'TemporaryPasswordMailed':
    case 'UserLoggedOut':
      return undefined;
    case 'UserCreated':
    case 'UserDeleted':
      return undefined;
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}
