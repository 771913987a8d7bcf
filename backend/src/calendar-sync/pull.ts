import { randomUUID } from 'node:crypto';
import type { TCalendarSettings } from '@app/contracts/api/calendar';
import { localToUtc, utcToLocal } from '@app/contracts/calendar/time-zone';
import type { TCalendarSyncEvent } from '@app/contracts/events/calendar';
import type { calendar_v3 } from 'googleapis';
import type { Kysely } from 'kysely';
import { cancelExisting, changeExisting } from '../appointments/commands.ts';
import { startRounds, withRoundLock } from '../platform/clock-rounds.ts';
import { type Actor, appendRegardless, load, runCommand } from '../platform/command.ts';
import { DomainError } from '../platform/errors.ts';
import { changeProject, projectDecider, projectStream } from '../projects/decide.ts';
import {
  calendarLinkStream,
  calendarUserDecider,
  calendarUserStream,
  googleEventIdOf,
  keyOfGoogleEventId,
  linkDecider,
  parseKey,
  pullsFrom,
  sameInstant,
} from './decide.ts';
import { isInvalidGrant, statusOf } from './google.ts';
import { desiredFor, pushOne, REFUSED_SIGN_IN, type SyncDeps, type Target, targetFor } from './push.ts';
import { allConnections, type ConnectionRow, recordPull, recordSync } from './tokens.ts';

const MINUTE = 60_000;

/** The instants of a Google event's start or end (an all-day event: local midnight in the business time zone). */
function instantOf(t: calendar_v3.Schema$EventDateTime | undefined): string | null {
  if (t?.dateTime) return new Date(t.dateTime).toISOString();
  if (t?.date) return localToUtc(t.date, '00:00').toISOString();
  return null;
}

/** The sync acting on an admin's behalf: the admin whose Google Calendar it read (role system: no person did it). */
const syncActor = (userId: number): Actor => ({
  id: userId,
  role: 'system',
  correlationId: randomUUID(),
  causationId: null,
  clientIp: null,
});

export type PullOutcome = 'same' | 'ignored' | 'applied' | 'pushed-back' | 'conflict';

/**
 * A change Google reports to one of our events. Unchanged (what we last wrote) or not ours to judge (a link we
 * removed, another calendar, a one-off event): nothing. Otherwise the settings' conflict resolution decides:
 * 'internal' writes ours again; 'external' applies Google's through our commands (moved or renamed: the
 * appointment changes; deleted: it is cancelled; a project's start or end moved or deleted: that date
 * changes); 'latest' picks the newer of Google's `updated` and our last change; 'manual' records a conflict
 * (shown by GET /api/calendar/status) and changes neither.
 */
export async function reconcileOurs(
  deps: SyncDeps,
  target: Target,
  key: string,
  item: calendar_v3.Schema$Event,
  resolution: TCalendarSettings['conflictResolution'],
): Promise<PullOutcome> {
  const parsed = parseKey(key);
  if (!parsed || parsed.kind === 'added') return 'ignored';
  const { state: link } = await load(deps.store, calendarLinkStream(target.userId, key), linkDecider);
  if (!link.live || link.calendarId !== target.calendarId) return 'ignored';
  const cancelled = item.status === 'cancelled';
  const start = instantOf(item.start ?? undefined);
  const end = instantOf(item.end ?? undefined);
  const title = item.summary ?? '';
  // A project's event titles are ours ("Project Start: ..."): only its dates are taken from Google.
  const titleChanged = parsed.kind === 'appointment' && title !== link.title;
  const changed = cancelled || titleChanged || !sameInstant(start, link.start) || !sameInstant(end, link.end);
  if (!changed) return 'same';

  let winner: 'ours' | 'theirs' | 'manual';
  if (resolution === 'internal') winner = 'ours';
  else if (resolution === 'external') winner = 'theirs';
  else if (resolution === 'manual') winner = 'manual';
  else {
    const { changedAt } = await desiredFor(deps, key, target.userId);
    const theirs = item.updated ? Date.parse(item.updated) : 0;
    winner = changedAt && Date.parse(changedAt) >= theirs ? 'ours' : 'theirs';
  }
  const actor = syncActor(target.userId);
  if (winner === 'ours') {
    await pushOne(deps, actor, target, key, (await desiredFor(deps, key, target.userId)).desired, {
      force: true,
    });
    return 'pushed-back';
  }
  if (winner === 'theirs') {
    try {
      if (await applyTheirs(deps, actor, target.userId, parsed, { cancelled, title, start, end }))
        return 'applied';
      return 'ignored';
    } catch (err) {
      // Google's version breaks one of our rules (an end before its start...): a person decides.
      if (!(err instanceof DomainError)) throw err;
    }
  }
  await recordConflict(deps, target.userId, key, { cancelled, title, start, end });
  return 'conflict';
}

async function applyTheirs(
  deps: SyncDeps,
  actor: Actor,
  userId: number,
  key: { kind: 'appointment' | 'project_start' | 'project_end'; id: number },
  g: { cancelled: boolean; title: string; start: string | null; end: string | null },
): Promise<boolean> {
  if (key.kind === 'appointment') {
    if (g.cancelled) {
      await cancelExisting(deps, actor, key.id, userId);
      return true;
    }
    if (!g.start) return false;
    const from = utcToLocal(g.start);
    const to = g.end ? utcToLocal(g.end) : null;
    const sameDay = to !== null && to.date === from.date;
    const minutes = g.end ? Math.round((Date.parse(g.end) - Date.parse(g.start)) / MINUTE) : null;
    await changeExisting(deps, actor, {
      id: key.id,
      by: userId,
      body: {
        ...(g.title.trim() && { title: g.title }),
        scheduledDate: from.date,
        startTime: from.time,
        ...(sameDay ? { endTime: to!.time } : { endTime: null, duration: minutes }),
      },
    });
    return true;
  }
  const field = key.kind === 'project_start' ? 'jobStartDate' : 'jobEndDate';
  const day = g.cancelled || !g.start ? null : utcToLocal(g.start).date;
  await runCommand(deps, projectStream(key.id), projectDecider, actor, (state) =>
    state.lifecycle === 'active' ? changeProject(state, { patch: { [field]: day } }) : [],
  );
  return true;
}

async function recordConflict(
  deps: SyncDeps,
  userId: number,
  key: string,
  g: { cancelled: boolean; title: string; start: string | null; end: string | null },
) {
  const stream = calendarUserStream(userId);
  const stored = await deps.store.readStream(stream);
  const last = stored
    .filter((e) => e.type === 'CalendarSyncConflictFound' && (e.data as { key: string }).key === key)
    .at(-1);
  const d = last?.data as
    | { googleTitle: string; googleStart: string | null; googleCancelled: boolean }
    | undefined;
  // The same difference found again on the next pull is not a new conflict.
  if (d && d.googleTitle === g.title && d.googleStart === g.start && d.googleCancelled === g.cancelled)
    return;
  await appendRegardless(
    deps,
    stream,
    calendarUserDecider,
    syncActor(userId),
    [
      {
        type: 'CalendarSyncConflictFound',
        data: {
          userId,
          key,
          googleEventId: googleEventIdOf(key),
          googleTitle: g.title,
          googleStart: g.start,
          googleEnd: g.end,
          googleCancelled: g.cancelled,
          foundAt: new Date().toISOString(),
        },
      },
    ] as TCalendarSyncEvent[],
    null,
  );
}

// --- Events made in Google (not ours): read-only busy times of that admin. ---

export const calendarImportStream = (userId: number) => `calendar-import-${userId}`;

interface Imported {
  title: string;
  start: string;
  end: string;
  allDay: boolean;
}

async function importedOf(deps: SyncDeps, userId: number) {
  const known = new Map<string, Imported>();
  for (const e of await deps.store.readStream(calendarImportStream(userId))) {
    const d = e.data as { googleEventId: string } & Imported;
    if (e.type === 'CalendarExternalEventImported')
      known.set(d.googleEventId, { title: d.title, start: d.start, end: d.end, allDay: d.allDay });
    else if (e.type === 'CalendarExternalEventRemoved') known.delete(d.googleEventId);
  }
  return known;
}

function importedChanges(
  userId: number,
  known: Map<string, Imported>,
  items: calendar_v3.Schema$Event[],
): TCalendarSyncEvent[] {
  const changes: TCalendarSyncEvent[] = [];
  for (const item of items) {
    if (!item.id) continue;
    const start = instantOf(item.start ?? undefined);
    const end = instantOf(item.end ?? undefined);
    const had = known.get(item.id);
    if (item.status === 'cancelled' || !start || !end) {
      if (had) {
        changes.push({ type: 'CalendarExternalEventRemoved', data: { userId, googleEventId: item.id } });
        known.delete(item.id);
      }
      continue;
    }
    const next: Imported = {
      // A private event's title may be hidden; it is still busy time.
      title: item.summary ?? 'Busy',
      start,
      end,
      allDay: Boolean(item.start?.date),
    };
    if (had && had.title === next.title && had.start === next.start && had.end === next.end) continue;
    known.set(item.id, next);
    changes.push({
      type: 'CalendarExternalEventImported',
      data: { userId, googleEventId: item.id, ...next },
    });
  }
  return changes;
}

/** One page-through of the calendar: incremental with the stored sync token, full without one or after 410. */
async function listChanges(target: Target, syncToken: string | null) {
  const items: calendar_v3.Schema$Event[] = [];
  let pageToken: string | undefined;
  let token = syncToken;
  for (;;) {
    try {
      const { data } = await target.api.events.list({
        calendarId: target.calendarId,
        showDeleted: true,
        maxResults: 250,
        ...(token ? { syncToken: token } : {}),
        ...(pageToken ? { pageToken } : {}),
      });
      items.push(...(data.items ?? []));
      if (data.nextPageToken) {
        pageToken = data.nextPageToken;
        continue;
      }
      return { items, nextSyncToken: data.nextSyncToken ?? null, full: token === null };
    } catch (err) {
      // The sync token is too old (410): start over with a full list.
      if (statusOf(err) === 410 && token) {
        token = null;
        pageToken = undefined;
        items.length = 0;
        continue;
      }
      throw err;
    }
  }
}

/**
 * Pulls one admin's Google Calendar (two-way or import only): changes to our events are reconciled, others are
 * kept as imported busy times. The sync token and the outcome are stored on the connection.
 */
export async function pullConnection(deps: SyncDeps, row: ConnectionRow) {
  const target = await targetFor(deps, row);
  if (!target.state.connected || !pullsFrom(target.state.settings)) return { pulled: false as const };
  const resolution = target.state.settings.conflictResolution;
  try {
    const { items, nextSyncToken, full } = await listChanges(
      target,
      row.calendar_id === target.calendarId ? row.sync_token : null,
    );
    const outcomes: Record<PullOutcome, number> = {
      same: 0,
      ignored: 0,
      applied: 0,
      'pushed-back': 0,
      conflict: 0,
    };
    const external: calendar_v3.Schema$Event[] = [];
    for (const item of items) {
      const key = item.id ? keyOfGoogleEventId(item.id) : null;
      if (key) outcomes[await reconcileOurs(deps, target, key, item, resolution)]++;
      else external.push(item);
    }
    const known = await importedOf(deps, row.user_id);
    if (full) {
      // A full list names every event there is: those we kept and that are gone now were removed.
      const seen = new Set(external.map((e) => e.id));
      for (const id of [...known.keys()]) if (!seen.has(id)) external.push({ id, status: 'cancelled' });
    }
    const imports = importedChanges(row.user_id, known, external);
    if (imports.length > 0)
      await appendRegardless(
        deps,
        calendarImportStream(row.user_id),
        calendarUserDecider,
        syncActor(row.user_id),
        imports,
        null,
      );
    await recordPull(deps.db, row.user_id, target.calendarId, nextSyncToken);
    return { pulled: true as const, ...outcomes, imported: imports.length };
  } catch (err) {
    await recordSync(
      deps.db,
      row.user_id,
      isInvalidGrant(err) ? REFUSED_SIGN_IN : `Google Calendar: ${String(err)}`,
    );
    throw err;
  }
}

/** Connections whose auto-sync frequency has passed since their last pull (or never pulled). */
async function duePulls(deps: SyncDeps, now: Date) {
  const due: ConnectionRow[] = [];
  for (const row of await allConnections(deps.db)) {
    const { state } = await load(deps.store, calendarUserStream(row.user_id), calendarUserDecider);
    const every = state.settings.autoSyncFrequency * MINUTE;
    if (!row.last_pull_at || now.getTime() - new Date(row.last_pull_at).getTime() >= every) due.push(row);
  }
  return due;
}

/** The lock only one process holds while it pulls (several workers processes may run). */
const PULL_LOCK = 'calendar-pull';

/**
 * One round of pulls, in whichever process takes the session advisory lock (others skip the round). A timer
 * rather than a repeatable BullMQ job: the frequency is per admin and changes with their settings, and a round
 * is cheap when nothing is due (one query), so a short tick reads each admin's frequency as it stands.
 */
export async function pullRound(deps: SyncDeps, log: { warn(o: object, m: string): void }, now = new Date()) {
  return withRoundLock(deps.db as Kysely<unknown>, PULL_LOCK, async () => {
    let pulled = 0;
    for (const row of await duePulls(deps, now)) {
      try {
        if ((await pullConnection(deps, row)).pulled) pulled++;
      } catch (err) {
        log.warn({ userId: row.user_id, err: String(err) }, 'calendar pull failed; tried again next round');
      }
    }
    return { pulled };
  });
}

/** The workers' pull timer (every minute by default): see `pullRound`. */
export function startCalendarPulls(
  deps: SyncDeps,
  log: { warn(o: object, m: string): void },
  everyMs = 60_000,
) {
  return startRounds(() => pullRound(deps, log), {
    everyMs,
    atStart: false,
    what: 'calendar pull round',
    log,
  });
}
