import { z } from 'zod';
import { CALENDAR_PROVIDERS, CONFLICT_RESOLUTIONS, SYNC_DIRECTIONS } from '../api/calendar.ts';
import { defineEvent } from './define.ts';
import { eId, eInstant, eText } from './values.ts';

/**
 * Calendar sync events (issue 13.4). Per admin: `calendar-user-<userId>` holds the connection's audit trail
 * (connected, disconnected: never a token, tokens live encrypted in `calendar_connections`), the sync
 * settings, requests to push, and conflicts found on a pull. Per pushed event: `calendar-link-<userId>-<key>`
 * records which Google event stands for one of ours (`key`: `appointment-12`, `project_start-5`,
 * `project_end-5`, `added-<uuid>`) and what was last written there, so a pull can tell a change made in Google.
 */
const user = { userId: eId };
const provider = z.enum(CALENDAR_PROVIDERS);

export const ZCalendarConnected = defineEvent(
  'CalendarConnected',
  z.object({ ...user, provider, email: eText, connectedAt: eInstant }),
);
export const ZCalendarDisconnected = defineEvent(
  'CalendarDisconnected',
  z.object({ ...user, provider, revoked: z.boolean(), disconnectedAt: eInstant }),
);

export const eCalendarSettings = z.object({
  connections: z.array(
    z.object({
      type: provider,
      enabled: z.boolean(),
      syncDirection: z.enum(SYNC_DIRECTIONS),
      defaultCalendar: eText,
    }),
  ),
  autoSyncFrequency: z.number().int(),
  conflictResolution: z.enum(CONFLICT_RESOLUTIONS),
  notifications: z.boolean(),
});
export const ZCalendarSyncSettingsChanged = defineEvent(
  'CalendarSyncSettingsChanged',
  z.object({ ...user, settings: eCalendarSettings }),
);

/** A one-off event asked for with POST /api/calendar/add-event; a job writes it to the admin's calendar. */
export const ZCalendarEventAddRequested = defineEvent(
  'CalendarEventAddRequested',
  z.object({
    ...user,
    requestId: z.uuid(),
    title: eText,
    description: eText,
    location: eText,
    start: eInstant,
    end: eInstant,
  }),
);

/** POST /api/projects/{id}/sync-calendar: push the project's dates again to every connected calendar. */
export const ZCalendarProjectSyncRequested = defineEvent(
  'CalendarProjectSyncRequested',
  z.object({ projectId: eId, requestedBy: eId }),
);

/** What was written to a Google event (compared with what a pull finds there). */
const pushed = {
  title: eText,
  start: eInstant,
  end: eInstant,
  /** Google's `updated` after our write. */
  googleUpdated: eInstant.nullable(),
};
export const ZCalendarEventPushed = defineEvent(
  'CalendarEventPushed',
  z.object({ ...user, key: eText, calendarId: eText, googleEventId: eText, ...pushed }),
);
export const ZCalendarEventUnpushed = defineEvent(
  'CalendarEventUnpushed',
  z.object({ ...user, key: eText, calendarId: eText, googleEventId: eText }),
);

/** A pull found a change made in Google to one of our events while the settings say 'manual'. */
export const ZCalendarSyncConflictFound = defineEvent(
  'CalendarSyncConflictFound',
  z.object({
    ...user,
    key: eText,
    googleEventId: eText,
    googleTitle: eText,
    googleStart: eInstant.nullable(),
    googleEnd: eInstant.nullable(),
    googleCancelled: z.boolean(),
    foundAt: eInstant,
  }),
);

/**
 * Events a person made in their Google Calendar (not ours), kept as read-only busy times of that admin
 * (`calendar-import-<userId>`): added or changed, and removed.
 */
export const ZCalendarExternalEventImported = defineEvent(
  'CalendarExternalEventImported',
  z.object({
    ...user,
    googleEventId: eText,
    title: eText,
    start: eInstant,
    end: eInstant,
    allDay: z.boolean(),
  }),
);
export const ZCalendarExternalEventRemoved = defineEvent(
  'CalendarExternalEventRemoved',
  z.object({ ...user, googleEventId: eText }),
);

export const calendarEventSchemas = [
  ZCalendarConnected,
  ZCalendarDisconnected,
  ZCalendarSyncSettingsChanged,
  ZCalendarEventAddRequested,
  ZCalendarProjectSyncRequested,
  ZCalendarEventPushed,
  ZCalendarEventUnpushed,
  ZCalendarSyncConflictFound,
  ZCalendarExternalEventImported,
  ZCalendarExternalEventRemoved,
] as const;

export type TCalendarSyncEvent = z.infer<(typeof calendarEventSchemas)[number]>;
