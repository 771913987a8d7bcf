import {
  CALENDAR_PROVIDERS,
  CONFLICT_RESOLUTIONS,
  DEFAULT_CALENDAR_SETTINGS,
  SYNC_DIRECTIONS,
  SYNC_FREQUENCIES,
  type TCalendarSettings,
  ZCalendarSettings,
} from '@app/contracts/api/calendar';

/**
 * The Calendar Integration Settings dialog's pure side (spec part 2, sections 2.5, 3 "Calendar connection",
 * 9 "Sync"): the labels of each choice, the draft the dialog edits, and what Save sends.
 */
export type CalendarProvider = (typeof CALENDAR_PROVIDERS)[number];
export type SyncDirection = (typeof SYNC_DIRECTIONS)[number];
export type ConflictResolution = (typeof CONFLICT_RESOLUTIONS)[number];
export type SyncFrequency = (typeof SYNC_FREQUENCIES)[number];
export type ConnectionSettings = TCalendarSettings['connections'][number];

export const PROVIDER_LABELS: Record<CalendarProvider, string> = {
  google: 'Google Calendar',
  outlook: 'Outlook Calendar',
  teams: 'Microsoft Teams',
};

export const SYNC_DIRECTION_LABELS: Record<SyncDirection, string> = {
  both: 'Two-way',
  import: 'Import Only',
  export: 'Export Only',
};

export const CONFLICT_RESOLUTION_LABELS: Record<ConflictResolution, string> = {
  manual: 'Ask me (manual)',
  latest: 'Latest change wins',
  external: 'External calendar wins',
  internal: 'This app wins',
};

/** 15 -> '15 minutes', 60 -> '1 hour', 240 -> '4 hours'. */
export function frequencyLabel(minutes: number): string {
  if (minutes < 60 || minutes % 60 !== 0) return `${minutes} minutes`;
  const hours = minutes / 60;
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

export const optionsOf = <K extends string | number>(labels: Record<K, string>, keys: readonly K[]) =>
  keys.map((key) => ({ value: String(key), label: labels[key] }));

export const SYNC_DIRECTION_OPTIONS = optionsOf(SYNC_DIRECTION_LABELS, SYNC_DIRECTIONS);
export const CONFLICT_RESOLUTION_OPTIONS = optionsOf(CONFLICT_RESOLUTION_LABELS, CONFLICT_RESOLUTIONS);
export const FREQUENCY_OPTIONS = SYNC_FREQUENCIES.map((minutes) => ({
  value: String(minutes),
  label: frequencyLabel(minutes),
}));

const isDirection = (value: string): value is SyncDirection =>
  (SYNC_DIRECTIONS as readonly string[]).includes(value);
const isConflict = (value: string): value is ConflictResolution =>
  (CONFLICT_RESOLUTIONS as readonly string[]).includes(value);
const isFrequency = (value: number): value is SyncFrequency =>
  (SYNC_FREQUENCIES as readonly number[]).includes(value);

/**
 * The settings as the dialog edits them: one entry per provider in the spec's order, whatever the server
 * sent (a provider it has never stored gets its defaults; section 9: Teams imports, the others sync both ways).
 */
export function draftOf(saved: TCalendarSettings | null | undefined): TCalendarSettings {
  const base = saved ?? DEFAULT_CALENDAR_SETTINGS;
  return {
    ...base,
    connections: CALENDAR_PROVIDERS.map(
      (type) =>
        base.connections.find((connection) => connection.type === type) ??
        DEFAULT_CALENDAR_SETTINGS.connections.find((connection) => connection.type === type)!,
    ),
  };
}

export const connectionOf = (draft: TCalendarSettings, type: CalendarProvider): ConnectionSettings =>
  draft.connections.find((connection) => connection.type === type) ?? draftOf(null).connections[0]!;

/** One provider's settings changed; the others kept as they are. */
export function withConnection(
  draft: TCalendarSettings,
  type: CalendarProvider,
  change: Partial<Omit<ConnectionSettings, 'type'>>,
): TCalendarSettings {
  return {
    ...draft,
    connections: draft.connections.map((connection) =>
      connection.type === type ? { ...connection, ...change } : connection,
    ),
  };
}

/** A select's value read back into the draft; an unknown value leaves the draft as it was. */
export function withDirection(draft: TCalendarSettings, type: CalendarProvider, value: string) {
  return isDirection(value) ? withConnection(draft, type, { syncDirection: value }) : draft;
}
export function withFrequency(draft: TCalendarSettings, value: string): TCalendarSettings {
  const minutes = Number(value);
  return isFrequency(minutes) ? { ...draft, autoSyncFrequency: minutes } : draft;
}
export function withConflictResolution(draft: TCalendarSettings, value: string): TCalendarSettings {
  return isConflict(value) ? { ...draft, conflictResolution: value } : draft;
}

/** After a disconnect the provider no longer syncs (spec section 4: connected and enabled become false). */
export const afterDisconnect = (draft: TCalendarSettings, type: CalendarProvider) =>
  withConnection(draft, type, { enabled: false });

export type SaveCheck = { ok: true; body: TCalendarSettings } | { ok: false; problem: string };

/** What Save Settings sends (PUT /api/calendar/settings), checked by the contract the server uses. */
export function saveBody(draft: TCalendarSettings): SaveCheck {
  const body: TCalendarSettings = {
    ...draft,
    connections: draft.connections.map((connection) => ({
      ...connection,
      defaultCalendar: connection.defaultCalendar.trim(),
    })),
  };
  const parsed = ZCalendarSettings.safeParse(body);
  return parsed.success ? { ok: true, body } : { ok: false, problem: parsed.error.issues[0]!.message };
}

/** Whether the draft differs from what is saved (the dialog asks before throwing edits away). */
export const isChanged = (draft: TCalendarSettings, saved: TCalendarSettings | null | undefined) =>
  JSON.stringify(draftOf(draft)) !== JSON.stringify(draftOf(saved));

/** The Google setup guide's values: the OAuth redirect address for this site and the calendar scope. */
export const GOOGLE_CALENDAR_SCOPE = 'https://www.googleapis.com/auth/calendar';
export const googleRedirectAddress = (origin: string) =>
  `${origin.replace(/\/+$/, '')}/api/auth/google/callback`;
/** Where Connect sends the browser (spec section 7: a navigation, not a fetch). */
export const GOOGLE_CONNECT_PATH = '/api/auth/google-calendar';

export { type CalendarReturn, calendarReturnOf } from './calendar-return';

/** The toast for each return (spec section 8). */
export const CALENDAR_RETURN_TOASTS = {
  connected: { title: 'Calendar Connected' },
  error: {
    title: 'Connection Failed',
    description: 'Failed to connect to Google Calendar. Please try again.',
    variant: 'destructive',
  },
} as const;
