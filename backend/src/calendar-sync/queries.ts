import {
  DEFAULT_CALENDAR_SETTINGS,
  type TCalendarRangeQuery,
  type TCalendarSettings,
  type TCalendarStatus,
  type TImportedCalendarEvent,
} from '@app/contracts/api/calendar';
import { addDays, localToUtc, utcToLocal } from '@app/contracts/calendar/time-zone';
import type { CalendarSyncRow } from '@app/projections/calendar-sync/projection';
import { sql } from 'kysely';
import type { AppDeps } from '../platform/deps.ts';
import { normalizedSettings } from './decide.ts';
import { isGoogleConfigured } from './google.ts';
import { connectionOf } from './tokens.ts';

type Deps = Pick<AppDeps, 'rm' | 'db' | 'config'>;

async function rowOf(deps: Deps, userId: number) {
  const { rows } = await sql<CalendarSyncRow>`SELECT * FROM rm.calendar_sync WHERE id = ${userId}`.execute(
    deps.rm,
  );
  return rows[0] ?? null;
}

export async function settingsOf(deps: Deps, userId: number): Promise<TCalendarSettings> {
  const row = await rowOf(deps, userId);
  return normalizedSettings((row?.settings as TCalendarSettings | undefined) ?? DEFAULT_CALENDAR_SETTINGS);
}

/** Connected when a token is stored (the connections table is the truth; the view adds conflicts). */
export async function statusOf(deps: Deps, userId: number): Promise<TCalendarStatus> {
  const [connection, row] = await Promise.all([connectionOf(deps.db, userId), rowOf(deps, userId)]);
  return {
    connected: connection !== null,
    configured: isGoogleConfigured(deps.config),
    email: connection?.email ?? null,
    lastSyncAt: connection?.last_sync_at ? new Date(connection.last_sync_at).toISOString() : null,
    lastError: connection?.last_error ?? null,
    conflicts: connection ? (row?.conflicts ?? []) : [],
  };
}

/** The admin's imported Google events starting within the local days `from`..`to` (both included). */
export async function importedEvents(
  deps: Deps,
  userId: number,
  range: TCalendarRangeQuery,
): Promise<TImportedCalendarEvent[]> {
  const from = localToUtc(range.from, '00:00');
  const to = localToUtc(addDays(range.to, 1), '00:00');
  const { rows } = await sql<{
    google_event_id: string;
    title: string;
    starts_at: Date;
    ends_at: Date;
    all_day: boolean;
  }>`SELECT google_event_id, title, starts_at, ends_at, all_day FROM rm.calendar_imported_events
     WHERE user_id = ${userId} AND starts_at >= ${from} AND starts_at < ${to}
     ORDER BY starts_at, google_event_id`.execute(deps.rm);
  return rows.map((r) => {
    const local = utcToLocal(r.starts_at);
    return {
      id: r.google_event_id,
      title: r.title,
      start: new Date(r.starts_at).toISOString(),
      end: new Date(r.ends_at).toISOString(),
      date: local.date,
      time: local.time,
      allDay: r.all_day,
    };
  });
}
