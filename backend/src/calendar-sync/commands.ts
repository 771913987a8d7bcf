import { randomUUID } from 'node:crypto';
import type { TCalendarSettings } from '@app/contracts/api/calendar';
import { localToUtc } from '@app/contracts/calendar/time-zone';
import type { TCalendarSyncEvent } from '@app/contracts/events/calendar';
import { type Actor, type CommandOutcome, runCommand } from '../platform/command.ts';
import type { AppDeps } from '../platform/deps.ts';
import { invalid } from '../platform/errors.ts';
import {
  type CalendarUserState,
  calendarUserDecider,
  calendarUserStream,
  normalizedSettings,
  withGoogleEnabled,
} from './decide.ts';

type Deps = Pick<AppDeps, 'store' | 'aggregates' | 'waitForProjections'>;
const now = () => new Date().toISOString();

const onUser = (
  deps: Deps,
  actor: Actor,
  userId: number,
  decide: (state: CalendarUserState) => TCalendarSyncEvent[],
) => runCommand(deps, calendarUserStream(userId), calendarUserDecider, actor, decide);

const settingsChange = (
  userId: number,
  before: TCalendarSettings,
  after: TCalendarSettings,
): TCalendarSyncEvent[] =>
  JSON.stringify(before) === JSON.stringify(after)
    ? []
    : [{ type: 'CalendarSyncSettingsChanged', data: { userId, settings: after } }];

/** The trail of a connect (the token itself is stored encrypted, outside events); Google sync is switched on. */
export const recordConnected = (deps: Deps, actor: Actor, userId: number, email: string) =>
  onUser(deps, actor, userId, (state) => [
    { type: 'CalendarConnected', data: { userId, provider: 'google', email, connectedAt: now() } },
    ...settingsChange(userId, state.settings, withGoogleEnabled(normalizedSettings(state.settings), true)),
  ]);

/** The trail of a disconnect; Google sync is switched off, as the dialog shows it. */
export const recordDisconnected = (deps: Deps, actor: Actor, userId: number, revoked: boolean) =>
  onUser(deps, actor, userId, (state) => [
    { type: 'CalendarDisconnected', data: { userId, provider: 'google', revoked, disconnectedAt: now() } },
    ...settingsChange(userId, state.settings, withGoogleEnabled(normalizedSettings(state.settings), false)),
  ]);

export const CALENDAR_PROVIDER_TWICE = 'Each calendar provider may appear only once';

/** Saves an admin's calendar settings (nothing appended when they are what is saved already). */
export function saveSettings(deps: Deps, actor: Actor, userId: number, settings: TCalendarSettings) {
  const types = settings.connections.map((c) => c.type);
  if (new Set(types).size !== types.length) throw invalid(CALENDAR_PROVIDER_TWICE, 'calendar_provider_twice');
  const wanted = normalizedSettings(settings);
  return onUser(deps, actor, userId, (state) =>
    settingsChange(userId, normalizedSettings(state.settings), wanted),
  );
}

/** An ISO instant, or a local date-time (no offset) read in the business time zone. */
export function instantOfInput(value: string, field: string): string {
  try {
    const local = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?)?$/.exec(value.trim());
    if (local) return localToUtc(local[1]!, local[2] ?? '00:00').toISOString();
    return new Date(value).toISOString();
  } catch {
    throw invalid(`${field} must be a date`);
  }
}

/** Asks for a one-off event on the admin's calendar (a job writes it). */
export async function requestAddEvent(
  deps: Deps,
  actor: Actor,
  userId: number,
  body: { title: string; description?: string; location?: string; startDate: string; endDate: string },
): Promise<{ requestId: string; outcome: CommandOutcome }> {
  const requestId = randomUUID();
  const start = instantOfInput(body.startDate, 'startDate');
  const end = instantOfInput(body.endDate, 'endDate');
  if (Date.parse(end) <= Date.parse(start)) throw invalid('End time must be after start time');
  const outcome = await onUser(deps, actor, userId, () => [
    {
      type: 'CalendarEventAddRequested',
      data: {
        userId,
        requestId,
        title: body.title.trim(),
        description: body.description ?? '',
        location: body.location ?? '',
        start,
        end,
      },
    },
  ]);
  return { requestId, outcome };
}

/** Asks for a project's dates to be pushed again to every connected calendar. */
export const requestProjectSync = (deps: Deps, actor: Actor, userId: number, projectId: number) =>
  onUser(deps, actor, userId, () => [
    { type: 'CalendarProjectSyncRequested', data: { projectId, requestedBy: userId } },
  ]);
