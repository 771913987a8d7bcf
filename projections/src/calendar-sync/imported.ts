import type { TCalendarSyncEvent } from '@app/contracts/events/calendar';
import type { StoredEvent } from '@app/contracts/events/envelope';
import { documentProjection } from '../runtime/document-projection.ts';

/** An event a person made in their Google Calendar (not ours): a read-only busy time of that admin. */
export type ImportedEventRow = {
  id: string;
  user_id: number;
  google_event_id: string;
  title: string;
  starts_at: string;
  ends_at: string;
  all_day: boolean;
};

const TYPES = new Set(['CalendarExternalEventImported', 'CalendarExternalEventRemoved']);

export function evolveImported(
  row: ImportedEventRow | null,
  event: TCalendarSyncEvent,
): ImportedEventRow | null | undefined {
  switch (event.type) {
    case 'CalendarExternalEventImported': {
      const d = event.data;
      return {
        id: `${d.userId}:${d.googleEventId}`,
        user_id: d.userId,
        google_event_id: d.googleEventId,
        title: d.title,
        starts_at: d.start,
        ends_at: d.end,
        all_day: d.allDay,
      };
    }
    case 'CalendarExternalEventRemoved':
      return row ? null : undefined;
    default:
      return undefined;
  }
}

/** Imported Google events per admin (GET /api/calendar/imported), from the pulls of two-way or import sync. */
export const calendarImportedProjection = documentProjection<ImportedEventRow>({
  name: 'calendar_imported_events',
  version: 1,
  syncType: null,
  table: 'calendar_imported_events',
  ddl: (s) => `
    CREATE TABLE ${s}.calendar_imported_events (
      id text PRIMARY KEY,
      user_id integer NOT NULL,
      google_event_id text NOT NULL,
      title text NOT NULL,
      starts_at timestamptz NOT NULL,
      ends_at timestamptz NOT NULL,
      all_day boolean NOT NULL,
      last_event_position numeric NOT NULL
    );
    CREATE INDEX ON ${s}.calendar_imported_events (user_id, starts_at);`,
  eventTypes: TYPES,
  idOf: (e: StoredEvent) => {
    if (!TYPES.has(e.type)) return null;
    const d = e.data as { userId: number; googleEventId: string };
    return `${d.userId}:${d.googleEventId}`;
  },
  evolve: (row, stored) => evolveImported(row, stored as unknown as TCalendarSyncEvent),
});
