import { DEFAULT_CALENDAR_SETTINGS, type TCalendarSettings } from '@app/contracts/api/calendar';
import type { TCalendarSyncEvent } from '@app/contracts/events/calendar';
import type { UniqueScope } from '../platform/unique-values.ts';

/** One admin's calendar stream: connection trail, settings, requests and conflicts. */
export const calendarUserStream = (userId: number) => `calendar-user-${userId}`;
/** Which Google event stands for one of our events in one admin's calendar. */
export const calendarLinkStream = (userId: number, key: string) => `calendar-link-${userId}-${key}`;

/** Our events as sync names them. */
export type SyncKey =
  | { kind: 'appointment'; id: number }
  | { kind: 'project_start'; id: number }
  | { kind: 'project_end'; id: number }
  | { kind: 'added'; id: string };

export const keyText = (k: SyncKey) => `${k.kind}-${k.id}`;
export function parseKey(text: string): SyncKey | null {
  const m = /^(appointment|project_start|project_end|added)-(.+)$/.exec(text);
  if (!m) return null;
  if (m[1] === 'added') return /^[0-9a-f-]{36}$/.test(m[2]!) ? { kind: 'added', id: m[2]! } : null;
  const id = Number(m[2]);
  return Number.isInteger(id) && id > 0 ? { kind: m[1] as 'appointment', id } : null;
}

/**
 * The Google event id of one of our events: the same every time (a retried insert answers 409 instead of making
 * a second event), and readable back (a pull knows which of ours it is). Google allows base32hex characters
 * [a-v0-9], 5 to 1024 of them; hex digits are a subset, so the id is the hex of `ng1:<key>`.
 */
const ID_PREFIX = 'ng1:';
export const googleEventIdOf = (key: string) => Buffer.from(`${ID_PREFIX}${key}`, 'utf8').toString('hex');
export function keyOfGoogleEventId(id: string): string | null {
  if (!/^[0-9a-f]+$/.test(id) || id.length % 2 !== 0) return null;
  const text = Buffer.from(id, 'hex').toString('utf8');
  return text.startsWith(ID_PREFIX) && parseKey(text.slice(ID_PREFIX.length))
    ? text.slice(ID_PREFIX.length)
    : null;
}

/** A Google event id is held by one of our events per admin: a claim stream (platform/unique-values.ts). */
export const googleEventScope: UniqueScope = {
  name: 'google-event',
  takenMessage: 'This Google Calendar event already stands for another event',
  normalize: (v) => v.toLowerCase(),
};

export interface Conflict {
  key: string;
  googleTitle: string;
  googleStart: string | null;
  googleEnd: string | null;
  googleCancelled: boolean;
  foundAt: string;
}

export interface CalendarUserState {
  connected: boolean;
  email: string | null;
  /** Whether settings were ever saved (connecting turns Google sync on only when they were not). */
  settingsSaved: boolean;
  settings: TCalendarSettings;
}

export const calendarUserDecider = {
  initial: {
    connected: false,
    email: null,
    settingsSaved: false,
    settings: DEFAULT_CALENDAR_SETTINGS,
  } as CalendarUserState,
  evolve(state: CalendarUserState, event: TCalendarSyncEvent): CalendarUserState {
    switch (event.type) {
      case 'CalendarConnected':
        return { ...state, connected: true, email: event.data.email };
      case 'CalendarDisconnected':
        return { ...state, connected: false, email: null };
      case 'CalendarSyncSettingsChanged':
        return {
          ...state,
          settingsSaved: true,
          settings: event.data.settings as TCalendarSettings,
        };
      default:
        return state;
    }
  },
};

/** The Google part of the settings, or the default. */
export function googleSettings(settings: TCalendarSettings) {
  return (
    settings.connections.find((c) => c.type === 'google') ??
    DEFAULT_CALENDAR_SETTINGS.connections.find((c) => c.type === 'google')!
  );
}
export const pushesTo = (s: TCalendarSettings) => {
  const g = googleSettings(s);
  return g.enabled && (g.syncDirection === 'both' || g.syncDirection === 'export');
};
export const pullsFrom = (s: TCalendarSettings) => {
  const g = googleSettings(s);
  return g.enabled && (g.syncDirection === 'both' || g.syncDirection === 'import');
};
export const calendarIdOf = (s: TCalendarSettings) => googleSettings(s).defaultCalendar.trim() || 'primary';

/** The settings with Google's switch set (connecting turns it on, disconnecting off, as the dialog shows). */
export function withGoogleEnabled(settings: TCalendarSettings, enabled: boolean): TCalendarSettings {
  const known = settings.connections.some((c) => c.type === 'google');
  const connections = known
    ? settings.connections.map((c) => (c.type === 'google' ? { ...c, enabled } : c))
    : [...settings.connections, { ...googleSettings(settings), enabled }];
  return { ...settings, connections };
}

/** Every provider once, in the dialog's order; those not sent keep their defaults. */
export function normalizedSettings(settings: TCalendarSettings): TCalendarSettings {
  return {
    ...settings,
    connections: DEFAULT_CALENDAR_SETTINGS.connections.map((d) => {
      const given = settings.connections.find((c) => c.type === d.type);
      return given ? { ...given, defaultCalendar: given.defaultCalendar.trim() } : d;
    }),
  };
}

export interface LinkState {
  live: boolean;
  calendarId: string | null;
  googleEventId: string | null;
  title: string | null;
  start: string | null;
  end: string | null;
  googleUpdated: string | null;
}

export const linkDecider = {
  initial: {
    live: false,
    calendarId: null,
    googleEventId: null,
    title: null,
    start: null,
    end: null,
    googleUpdated: null,
  } as LinkState,
  evolve(state: LinkState, event: TCalendarSyncEvent): LinkState {
    switch (event.type) {
      case 'CalendarEventPushed': {
        const d = event.data;
        return {
          live: true,
          calendarId: d.calendarId,
          googleEventId: d.googleEventId,
          title: d.title,
          start: d.start,
          end: d.end,
          googleUpdated: d.googleUpdated,
        };
      }
      case 'CalendarEventUnpushed':
        return { ...state, live: false };
      default:
        return state;
    }
  },
};

/** Same instant, whatever the notation (Google answers with an offset, we store Z). */
export const sameInstant = (a: string | null | undefined, b: string | null | undefined) =>
  a == null || b == null ? (a ?? null) === (b ?? null) : Date.parse(a) === Date.parse(b);
