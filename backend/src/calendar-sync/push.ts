import { randomUUID } from 'node:crypto';
import { APPOINTMENT_DEFAULT_MINUTES, clampEnd, projectEvents } from '@app/contracts/calendar/event-times';
import { BUSINESS_TIME_ZONE } from '@app/contracts/calendar/time-zone';
import type { TDomainEvent } from '@app/contracts/events/domain';
import type { StoredEvent } from '@app/contracts/events/envelope';
import type { OAuth2Client } from 'google-auth-library';
import type { calendar_v3 } from 'googleapis';
import { appointmentDecider, appointmentStream } from '../appointments/decide.ts';
import { clientDecider, clientStream } from '../clients/decide.ts';
import {
  type Actor,
  commitChange,
  decideAgainOnConflict,
  decideOn,
  load,
  systemActor,
} from '../platform/command.ts';
import type { AppDeps } from '../platform/deps.ts';
import { claim } from '../platform/unique-values.ts';
import { projectDecider, projectStream } from '../projects/decide.ts';
import {
  type CalendarUserState,
  calendarIdOf,
  calendarLinkStream,
  calendarUserDecider,
  calendarUserStream,
  googleEventIdOf,
  googleEventScope,
  type LinkState,
  linkDecider,
  parseKey,
  pushesTo,
  sameInstant,
} from './decide.ts';
import { type CalendarApi, calendarApi, isInvalidGrant, oauthClient, statusOf } from './google.ts';
import { allConnections, type ConnectionRow, connectionOf, recordSync, refreshTokenOf } from './tokens.ts';

export type SyncDeps = Pick<AppDeps, 'config' | 'db' | 'store' | 'aggregates' | 'waitForProjections'>;

/** What one of our events should look like in Google, or null when it should not be there. */
export interface DesiredEvent {
  title: string;
  description: string;
  location: string;
  start: string;
  end: string;
}

const MINUTE = 60_000;

function fold<S>(events: StoredEvent[], decider: { initial: S; evolve(s: S, e: never): S }): S {
  return events.reduce((s, e) => decider.evolve(s, e as never), decider.initial);
}

/**
 * Our event as its stream has it NOW (never the event that started the job: jobs may run late or out of
 * order, and each one converges on the current state), and when it last changed (for 'latest').
 */
export async function desiredFor(
  deps: Pick<SyncDeps, 'store'>,
  keyText: string,
  userId?: number,
): Promise<{ desired: DesiredEvent | null; changedAt: string | null }> {
  const key = parseKey(keyText);
  if (!key) return { desired: null, changedAt: null };
  if (key.kind === 'appointment') {
    const stored = await deps.store.readStream(appointmentStream(key.id));
    const state = fold(stored, appointmentDecider);
    const changedAt = stored.at(-1)?.metadata.occurredAt ?? null;
    if (state.lifecycle !== 'active') return { desired: null, changedAt };
    const client = await load(deps.store, clientStream(state.clientId), clientDecider);
    const start = new Date(state.startsAt);
    const end = clampEnd(
      start,
      state.endsAt
        ? new Date(state.endsAt)
        : new Date(start.getTime() + APPOINTMENT_DEFAULT_MINUTES * MINUTE),
    );
    const who = client.state.exists ? `Client: ${client.state.name}` : '';
    return {
      desired: {
        title: state.title,
        description: [state.description, who].filter(Boolean).join('\n\n'),
        location: state.location,
        start: start.toISOString(),
        end: end.toISOString(),
      },
      changedAt,
    };
  }
  if (key.kind === 'added') {
    if (userId === undefined) return { desired: null, changedAt: null };
    const stored = await deps.store.readStream(calendarUserStream(userId));
    const asked = stored.find(
      (e) => e.type === 'CalendarEventAddRequested' && (e.data as { requestId: string }).requestId === key.id,
    );
    if (!asked) return { desired: null, changedAt: null };
    const d = asked.data as {
      title: string;
      description: string;
      location: string;
      start: string;
      end: string;
    };
    return {
      desired: {
        title: d.title,
        description: d.description,
        location: d.location,
        start: d.start,
        end: d.end,
      },
      changedAt: asked.metadata.occurredAt,
    };
  }
  const stored = await deps.store.readStream(projectStream(key.id));
  const state = fold(stored, projectDecider);
  const changedAt = stored.at(-1)?.metadata.occurredAt ?? null;
  if (state.lifecycle !== 'active') return { desired: null, changedAt };
  const event = projectEvents({
    id: state.id,
    clientId: state.clientId,
    title: state.title,
    description: state.description,
    type: state.type,
    status: state.status,
    jobStartDate: state.jobStartDate,
    jobEndDate: state.jobEndDate,
  }).find((e) => e.type === key.kind);
  if (!event) return { desired: null, changedAt };
  return {
    desired: {
      title: event.title,
      description: state.description,
      location: '',
      start: event.start,
      end: event.end,
    },
    changedAt,
  };
}

/** One admin's Google calendar, ready to call. */
export interface Target {
  userId: number;
  calendarId: string;
  api: CalendarApi;
  state: CalendarUserState;
}

// One OAuth client per connection and process: it keeps its access token between jobs until it expires.
const clients = new WeakMap<object, Map<number, { sealed: string; client: OAuth2Client }>>();

async function authFor(deps: SyncDeps, row: ConnectionRow) {
  let perDeps = clients.get(deps);
  if (!perDeps) {
    perDeps = new Map();
    clients.set(deps, perDeps);
  }
  const sealed = row.refresh_token.toString('base64');
  const known = perDeps.get(row.user_id);
  if (known?.sealed === sealed) return known.client;
  const client = oauthClient(deps.config, await refreshTokenOf(deps, row));
  perDeps.set(row.user_id, { sealed, client });
  return client;
}

export async function targetFor(deps: SyncDeps, row: ConnectionRow): Promise<Target> {
  const { state } = await load(deps.store, calendarUserStream(row.user_id), calendarUserDecider);
  return {
    userId: row.user_id,
    calendarId: calendarIdOf(state.settings),
    api: calendarApi(deps.config, await authFor(deps, row)),
    state,
  };
}

function googleBody(key: string, id: string, d: DesiredEvent): calendar_v3.Schema$Event {
  return {
    id,
    summary: d.title,
    description: d.description,
    location: d.location,
    start: { dateTime: d.start, timeZone: BUSINESS_TIME_ZONE },
    end: { dateTime: d.end, timeZone: BUSINESS_TIME_ZONE },
    status: 'confirmed',
    extendedProperties: { private: { northernGuardKey: key } },
  };
}

const gone = (err: unknown) => statusOf(err) === 404 || statusOf(err) === 410;

async function recordLink(
  deps: SyncDeps,
  actor: Actor,
  target: Target,
  key: string,
  event: TDomainEvent,
  firstPush: boolean,
) {
  const stream = calendarLinkStream(target.userId, key);
  const googleEventId = googleEventIdOf(key);
  // A concurrent push of the same key meanwhile: decided again on the stored link (and claim, held by it now).
  await decideAgainOnConflict(deps, async () => {
    const claimed = firstPush
      ? await claim(deps, actor, googleEventScope, `${target.userId}:${googleEventId}`, stream)
      : null;
    await commitChange(deps, [claimed, await decideOn(deps, stream, linkDecider, actor, () => [event])]);
  });
}

export type PushResult = 'created' | 'updated' | 'deleted' | 'unchanged' | 'absent';

/**
 * Makes one of our events in one admin's calendar match `desired`: insert with our deterministic id (409: it
 * exists, perhaps from an attempt whose answer was lost, or deleted earlier: update it back), update, or delete
 * (404/410: already gone). Idempotent: running it again changes nothing and never makes a second event.
 */
export async function pushOne(
  deps: SyncDeps,
  actor: Actor,
  target: Target,
  key: string,
  desired: DesiredEvent | null,
  options: { force?: boolean } = {},
): Promise<PushResult> {
  const link = await load(deps.store, calendarLinkStream(target.userId, key), linkDecider);
  const l: LinkState = link.state;
  const id = googleEventIdOf(key);
  const { api } = target;
  if (!desired) {
    const calendarId = l.live ? l.calendarId! : target.calendarId;
    try {
      await api.events.delete({ calendarId, eventId: id });
    } catch (err) {
      if (!gone(err)) throw err;
      if (!l.live) return 'absent';
    }
    if (l.live) {
      await recordLink(deps, actor, target, key, unpushed(target, key, calendarId), false);
    }
    return 'deleted';
  }
  if (l.live && l.calendarId !== target.calendarId) {
    // The admin chose another calendar: the event moves there.
    await api.events.delete({ calendarId: l.calendarId!, eventId: id }).catch((err) => {
      if (!gone(err)) throw err;
    });
  }
  const same =
    l.live &&
    l.calendarId === target.calendarId &&
    l.title === desired.title &&
    sameInstant(l.start, desired.start) &&
    sameInstant(l.end, desired.end);
  if (same && !options.force) return 'unchanged';
  const requestBody = googleBody(key, id, desired);
  const calendarId = target.calendarId;
  let answer: calendar_v3.Schema$Event;
  let result: PushResult;
  if (l.live && l.calendarId === calendarId) {
    try {
      answer = (await api.events.update({ calendarId, eventId: id, requestBody })).data;
      result = 'updated';
    } catch (err) {
      if (!gone(err)) throw err;
      answer = (await api.events.insert({ calendarId, requestBody })).data;
      result = 'created';
    }
  } else {
    try {
      answer = (await api.events.insert({ calendarId, requestBody })).data;
      result = 'created';
    } catch (err) {
      if (statusOf(err) !== 409) throw err;
      answer = (await api.events.update({ calendarId, eventId: id, requestBody })).data;
      result = 'updated';
    }
  }
  await recordLink(
    deps,
    actor,
    target,
    key,
    {
      type: 'CalendarEventPushed',
      data: {
        userId: target.userId,
        key,
        calendarId,
        googleEventId: id,
        title: desired.title,
        start: desired.start,
        end: desired.end,
        googleUpdated: answer.updated ? new Date(answer.updated).toISOString() : null,
      },
    },
    !l.live,
  );
  return result;
}

const unpushed = (target: Target, key: string, calendarId: string): TDomainEvent => ({
  type: 'CalendarEventUnpushed',
  data: { userId: target.userId, key, calendarId, googleEventId: googleEventIdOf(key) },
});

export const REFUSED_SIGN_IN =
  'Google refused the stored sign-in (it may have been revoked); disconnect and connect again';
const reason = (err: unknown) =>
  isInvalidGrant(err)
    ? REFUSED_SIGN_IN
    : `Google Calendar: ${err instanceof Error ? err.message : String(err)}`;

/**
 * Pushes our events (keys) to every admin whose Google Calendar is connected with export on (two-way or
 * export only); `onlyUser` limits it to one admin (a one-off event). The first failure other than a refused
 * sign-in is thrown after the others were tried, so the job is retried (what succeeded is unchanged then).
 */
export async function pushKeys(
  deps: SyncDeps,
  keys: readonly string[],
  options: { causationId?: string | null; onlyUser?: number; force?: boolean } = {},
) {
  const actor = systemActor(randomUUID(), options.causationId ?? null);
  const rows =
    options.onlyUser === undefined
      ? await allConnections(deps.db)
      : [await connectionOf(deps.db, options.onlyUser)].filter((r): r is ConnectionRow => r !== null);
  const counts: Record<PushResult | 'skipped', number> = {
    created: 0,
    updated: 0,
    deleted: 0,
    unchanged: 0,
    absent: 0,
    skipped: 0,
  };
  let failure: unknown = null;
  const desiredByKey = new Map<string, DesiredEvent | null>();
  for (const row of rows) {
    const target = await targetFor(deps, row);
    if (!target.state.connected || !pushesTo(target.state.settings)) {
      counts.skipped++;
      continue;
    }
    try {
      for (const key of keys) {
        const cacheKey = key.startsWith('added-') ? `${row.user_id}:${key}` : key;
        if (!desiredByKey.has(cacheKey))
          desiredByKey.set(cacheKey, (await desiredFor(deps, key, row.user_id)).desired);
        counts[await pushOne(deps, actor, target, key, desiredByKey.get(cacheKey)!, options)]++;
      }
      await recordSync(deps.db, row.user_id, null);
    } catch (err) {
      await recordSync(deps.db, row.user_id, reason(err));
      if (!isInvalidGrant(err)) failure ??= err;
    }
  }
  if (failure) throw failure;
  return counts;
}

/** Our events of a project (start and end). */
export const projectKeys = (projectId: number) => [`project_start-${projectId}`, `project_end-${projectId}`];
