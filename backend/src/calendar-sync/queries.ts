import {
  DEFAULT_CALENDAR_SETTINGS,
  type TCalendarSettings,
  type TCalendarStatus,
} from '@app/contracts/api/calendar';
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
