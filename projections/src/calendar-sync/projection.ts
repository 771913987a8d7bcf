import { DEFAULT_CALENDAR_SETTINGS } from '@app/contracts/api/calendar';
import type { TCalendarSyncEvent } from '@app/contracts/events/calendar';
import type { StoredEvent } from '@app/contracts/events/envelope';
import { documentProjection } from '../runtime/document-projection.ts';

/** Changes made in Google to our events, waiting for a person (conflict resolution 'manual'). */
export interface CalendarConflictRow {
  key: string;
  googleTitle: string;
  googleStart: string | null;
  foundAt: string;
}

/** One row per admin who ever connected a calendar or saved calendar settings. */
export type CalendarSyncRow = {
  id: number;
  connected: boolean;
  email: string | null;
  settings: unknown;
  conflicts: CalendarConflictRow[];
};

/** The row after one calendar event (pure). */
export function evolveCalendarSync(
  row: CalendarSyncRow | null,
  event: TCalendarSyncEvent,
): CalendarSyncRow | undefined {
  const base: CalendarSyncRow = row ?? {
    id: (event.data as { userId: number }).userId,
    connected: false,
    email: null,
    settings: DEFAULT_CALENDAR_SETTINGS,
    conflicts: [],
  };
  switch (event.type) {
    case 'CalendarConnected':
      return { ...base, connected: true, email: event.data.email };
    case 'CalendarDisconnected':
      return { ...base, connected: false, email: null, conflicts: [] };
    case 'CalendarSyncSettingsChanged':
      return { ...base, settings: event.data.settings };
    case 'CalendarSyncConflictFound': {
      const d = event.data;
      const conflict = {
        key: d.key,
        googleTitle: d.googleTitle,
        googleStart: d.googleStart,
        foundAt: d.foundAt,
      };
      return { ...base, conflicts: [...base.conflicts.filter((c) => c.key !== d.key), conflict] };
    }
    // Our event written again (or removed) settles a conflict about it.
    case 'CalendarEventPushed':
    case 'CalendarEventUnpushed':
      if (!row?.conflicts.some((c) => c.key === event.data.key)) return undefined;
      return { ...row, conflicts: row.conflicts.filter((c) => c.key !== event.data.key) };
    default:
      return undefined;
  }
}

const TYPES = new Set([
  'CalendarConnected',
  'CalendarDisconnected',
  'CalendarSyncSettingsChanged',
  'CalendarSyncConflictFound',
  'CalendarEventPushed',
  'CalendarEventUnpushed',
]);

/**
 * Calendar sync per admin (issue 13.4): connected and as whom, the saved sync settings (GET
 * /api/calendar/settings) and open conflicts (GET /api/calendar/status). Tokens are never here.
 */
export const calendarSyncProjection = documentProjection<CalendarSyncRow>({
  name: 'calendar_sync',
  version: 1,
  syncType: null,
  table: 'calendar_sync',
  ddl: (s) => `
    CREATE TABLE ${s}.calendar_sync (
      id integer PRIMARY KEY,
      connected boolean NOT NULL,
      email text,
      settings jsonb NOT NULL,
      conflicts jsonb NOT NULL,
      last_event_position numeric NOT NULL
    );`,
  eventTypes: TYPES,
  idOf: (e: StoredEvent) => (TYPES.has(e.type) ? (e.data as { userId: number }).userId : null),
  evolve: (row, stored) => evolveCalendarSync(row, stored as unknown as TCalendarSyncEvent),
});
